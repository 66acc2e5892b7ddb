/** What the last write said: an error (read at once) or what it did (read politely). */
export function ActionStatus({ error, done }: { error: string; done: string }) {
  return (
    <>
      <p className="form-error" role="alert">{error}</p>
      <p className="staff-status" role="status">{done}</p>
    </>
  );
}

/** A field's message from the server, tied to its input by id. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <span id={id} className="field__error">
      {message}
    </span>
  );
}
