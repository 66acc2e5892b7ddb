/** The one error vocabulary: services throw these, the error handler maps them to status and JSON. */
export class AppError extends Error {
  /** What the server changed while refusing (a basket's corrections), answered as `changes`. */
  changes?: string[];

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class Invalid extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super(400, 'invalid', message, fields);
  }

  /** A 400 naming one field. */
  static field(field: string, message: string): Invalid {
    return new Invalid(`${field}: ${message}`, { [field]: message });
  }
}

export class Unauthorized extends AppError {
  constructor(message = 'Authentication credentials were not provided.', code = 'not_authenticated') {
    super(401, code, message);
  }
}

/** 401 for a bad, expired or revoked JWT, in the shape token clients expect. */
export class TokenInvalid extends AppError {
  constructor(message = 'Token is invalid or expired') {
    super(401, 'token_not_valid', message);
  }
}

export class Forbidden extends AppError {
  constructor(message = 'You do not have permission to perform this action.') {
    super(403, 'forbidden', message);
  }
}

export class NotFound extends AppError {
  constructor(what = 'Resource') {
    super(404, 'not_found', `${what} not found.`);
  }
}

export class Conflict extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super(409, 'conflict', message, fields);
  }
}

export class TooManyRequests extends AppError {
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(429, 'throttled', message);
  }
}

export class PayloadTooLarge extends AppError {
  constructor(message: string, field?: string) {
    super(413, 'payload_too_large', message, field ? { [field]: message } : undefined);
  }
}

export class UnsupportedMediaType extends AppError {
  constructor(message: string, field?: string) {
    super(415, 'unsupported_media_type', message, field ? { [field]: message } : undefined);
  }
}
