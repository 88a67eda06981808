/** Where uploaded files live; the disk default is storage/disk.ts, an object store fits behind it. */
export interface Storage {
  put(name: string, data: Buffer, contentType: string): Promise<void>;
  /** The bytes of a stored file, or null when there is none by that name. */
  get(name: string): Promise<Buffer | null>;
  /** Removes a stored file; a name with no file is not an error (a sweep may repeat). */
  delete(name: string): Promise<void>;
}
