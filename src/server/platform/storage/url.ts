/**
 * `STORAGE_URL`: where uploads and member media live when not in the data folder.
 * `s3://<bucket>[/<prefix>][?endpoint=<http(s) URL>&region=<region>&path_style=0|1]`; with an endpoint (an
 * S3-compatible server) requests are path-style unless `path_style=0`. Credentials never go in the URL: the
 * SDK's default chain reads them (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, an instance role).
 */
export interface S3Location {
  bucket: string;
  /** Key prefix without slashes at either end; '' for the bucket's root. */
  prefix: string;
  /** An S3-compatible server's address; null for AWS's own. */
  endpoint: string | null;
  region: string;
  forcePathStyle: boolean;
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/;
const REGION = /^[a-z0-9-]{2,40}$/;
const KNOWN = new Set(['endpoint', 'region', 'path_style']);

const refuse = (why: string): never => {
  throw new Error(`Invalid configuration: STORAGE_URL ${why}`);
};

/** Parses and checks `STORAGE_URL`; every refusal names it. Blank or unset is the data folder (null). */
export function parseStorageUrl(value: string | undefined, env: Record<string, string | undefined> = {}): S3Location | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  if (!/^s3:\/\//i.test(text)) refuse('must start with s3:// (for example s3://my-bucket/lectern?region=eu-west-1).');
  // The URL parser would resolve `a/../b` to `b`: a prefix says exactly where, or it is refused.
  if (/\/\.{1,2}(?=[/?#]|$)/.test(text.slice('s3://'.length))) refuse('has a prefix part that is not plain (".." or ".").');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('is not a valid URL.');
  }
  if (url.username || url.password) refuse('must not carry credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY instead.');
  if (url.port) refuse('names a port on the bucket; give the server as ?endpoint=http://host:port.');
  const bucket = url.hostname;
  if (!BUCKET.test(bucket)) refuse(`names no valid bucket ("${bucket}"): 3 to 63 lower-case letters, digits, dots and dashes.`);
  const segments = url.pathname.split('/').filter(Boolean).map((s) => decodeURIComponent(s));
  const badSegment = segments.find((s) => !PREFIX_SEGMENT.test(s));
  if (badSegment !== undefined) refuse(`has a prefix part that is not plain ("${badSegment}"): letters, digits, '.', '_' and '-'.`);
  const unknown = [...url.searchParams.keys()].filter((k) => !KNOWN.has(k));
  if (unknown.length) refuse(`has unknown parameters (${unknown.join(', ')}); it takes endpoint, region and path_style.`);

  const endpointText = url.searchParams.get('endpoint');
  let endpoint: string | null = null;
  if (endpointText !== null) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(endpointText);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.search || parsed.hash) refuse(`endpoint must be an http:// or https:// address ("${endpointText}").`);
    endpoint = parsed!.origin + parsed!.pathname.replace(/\/+$/, '');
  }
  const region = url.searchParams.get('region') ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1';
  if (!REGION.test(region)) refuse(`region is not a region name ("${region}").`);
  const pathStyle = url.searchParams.get('path_style');
  if (pathStyle !== null && pathStyle !== '0' && pathStyle !== '1') refuse('path_style must be 0 or 1.');
  return { bucket, prefix: segments.join('/'), endpoint, region, forcePathStyle: pathStyle === null ? endpoint !== null : pathStyle === '1' };
}

/** The URL back, for messages (it holds no secret). */
export function describeLocation(location: S3Location): string {
  const where = `s3://${location.bucket}${location.prefix ? `/${location.prefix}` : ''}`;
  return location.endpoint ? `${where} at ${location.endpoint}` : `${where} (${location.region})`;
}
