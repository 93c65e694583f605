import type { Config } from '../../config.js';
import { createLocalStorage } from './local-storage.js';
import type { Storage } from './storage.js';

function fail(message: string): never {
  throw new Error(message);
}

/**
 * Local files or an S3 bucket (docs/configuration.md); either way the browser reads images from our origin
 * (plugins/files).
 */
export async function createStorage(config: Config['storage']): Promise<Storage> {
  if (config.kind !== 's3') return createLocalStorage(config.localDir);
  // The AWS SDK loads only when configured: it costs ~100 ms of every start otherwise.
  const { createS3Storage } = await import('./s3-storage.js');
  return createS3Storage({
    bucket: config.s3.bucket ?? fail('STORAGE=s3 needs S3_BUCKET'),
    ...(config.s3.region ? { region: config.s3.region } : {}),
    ...(config.s3.endpoint ? { endpoint: config.s3.endpoint } : {}),
  });
}
