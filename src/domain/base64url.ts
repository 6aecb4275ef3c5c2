const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The base64url form (RFC 4648 §5, no padding) of a text's UTF-8 bytes; pure, so the browser may use it too. */
export function encodeBase64UrlText(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The text a base64url string (padding optional) encodes as UTF-8; undefined for anything else, or for "". */
export function decodeBase64UrlText(encoded: string): string | undefined {
  if (!BASE64URL.test(encoded) || encoded.replace(/=+$/, "").length % 4 === 1) return undefined;
  const base64 = encoded.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="));
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    return text === "" ? undefined : text;
  } catch {
    return undefined;
  }
}
