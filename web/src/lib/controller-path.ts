//! A controller path with its query string for `POST /api/proxy`, which accepts only plain
//! characters in the query (letters, digits, `-_.~%=&+`): every value is percent-encoded,
//! `!'()*` included, and empty values are left out.

export function controllerPath(path: string, params: Record<string, string | number | null | undefined>): string {
  const query = Object.entries(params)
    .filter((entry): entry is [string, string | number] => entry[1] !== null && entry[1] !== undefined && String(entry[1]).trim() !== '')
    .map(([key, value]) => `${encode(key)}=${encode(String(value).trim())}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

function encode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
