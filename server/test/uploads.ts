/** A 1×1 PNG and the multipart body POST /image/upload-single takes, shared by the tests that upload. */
export const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201e221bc330000000049454e44ae426082', 'hex');

export const form = (data: Buffer | string, filename: string, type = 'image/png', field = 'file') => {
  const f = new FormData();
  f.append(field, new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type }), filename);
  return f;
};
