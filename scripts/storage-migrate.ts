// `npm run storage:migrate`: copies the files on the local disk (DATA_DIR/files) to the bucket named by the S3_*
// variables, saying what it copied and skipped. Run it again after an interruption: it copies only what is missing.
import path from 'node:path';
import { loadConfig } from '../server/config';
import { copyLocalFiles, type CopyOutcome } from '../server/storage/copy-local-files';
import { openFileStorage } from '../server/storage/open-file-storage';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const describe = (outcome: CopyOutcome) => {
  if (outcome.outcome === 'ignored') return `ignored ${outcome.key} (not a stored file's name)`;
  if (outcome.outcome === 'skipped') return `skipped ${outcome.key} (already in the bucket, same size)`;
  return `copied  ${outcome.key} (${outcome.bytes} bytes)`;
};

const config = loadConfig();
if (!config.objectStorage) {
  console.error(
    'storage:migrate copies the local files to a bucket: set S3_BUCKET and the other S3_* variables.',
  );
  process.exit(1);
}
const root = path.join(config.dataDir, 'files');
const storage = await openFileStorage(config);
try {
  await storage.files.check().catch((error: unknown) => {
    throw new Error(`The bucket ${config.objectStorage?.bucket} does not answer: ${String(error)}`);
  });
  console.log(`Copying ${root} to the bucket ${config.objectStorage.bucket}`);
  const summary = await copyLocalFiles(root, storage.files, (outcome) => console.log(describe(outcome)));
  console.log(
    `storage:migrate: ${summary.copied} copied (${megabytes(summary.copiedBytes)}), ` +
      `${summary.skipped} skipped, ${summary.ignored} ignored`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  storage.close();
}
