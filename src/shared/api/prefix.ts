// zod-free, so the browser bundle can import it without the schemas.
export const API_PREFIX = '/api/v2';
