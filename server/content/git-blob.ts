/**
 * The id git gives a file's bytes (SHA-1 of `blob <size>\0` + bytes), computed with WebCrypto so
 * it runs on Node and Workers: publishing compares it with the repository's tree to tell whether
 * a change is already there.
 */
export async function gitBlobSha(content: string | Uint8Array): Promise<string> {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  const header = new TextEncoder().encode(`blob ${bytes.byteLength}\0`);
  const object = new Uint8Array(header.byteLength + bytes.byteLength);
  object.set(header, 0);
  object.set(bytes, header.byteLength);
  const digest = await crypto.subtle.digest('SHA-1', object);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
