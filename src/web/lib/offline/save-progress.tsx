/** A save's progress bar (a course's or an article's): bytes done of the bytes expected, with its text. */
export function SaveProgress({ id, label, done, expected, text }: { id: string; label: string; done: number; expected: number; text: string }) {
  const total = Math.max(expected, done);
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  return (
    <div className="save-offline__progress">
      <span id={id}>{label}</span>
      <div className="save-offline__bar" role="progressbar" aria-labelledby={id} aria-valuemin={0} aria-valuemax={total} aria-valuenow={done} aria-valuetext={text}>
        <div className="save-offline__fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="save-offline__status">{text}</span>
    </div>
  );
}
