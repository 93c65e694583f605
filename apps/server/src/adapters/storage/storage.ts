import type { Readable } from 'node:stream';

export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
}

/** Where uploaded images live. Keys are random per upload, so objects never change once written. */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  /** Deleting a missing key is not an error. */
  delete(keys: readonly string[]): Promise<void>;
  /** Deletes the objects of `folder` (e.g. `imports`) written before `before`; resolves how many went. */
  deleteOlderThan(folder: string, before: Date): Promise<number>;
}

/** Folders are one lowercase word, as in STORAGE_KEY_PATTERN. */
export const STORAGE_FOLDER_PATTERN = /^[a-z]+$/;

/** URL path the browser reads a stored object from, on our origin (see plugins/files). */
export const FILES_PREFIX = '/files/';
export function fileUrl(key: string | null | undefined): string | null {
  return key ? `${FILES_PREFIX}${key}` : null;
}

/** Keys are `<folder>/<uuid>[-suffix].<ext>`: nothing a caller could use to escape the folder. */
export const STORAGE_KEY_PATTERN = /^[a-z]+\/[0-9a-f-]{36}(?:-[a-z0-9]+)?\.[a-z0-9]{2,5}$/;
