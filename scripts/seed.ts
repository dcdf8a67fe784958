// `npm run seed`: replaces the demo organisation and everything in it with a fresh copy of the demo data.
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { lockDataDir } from '../server/db/data-dir-lock';
import { removeDemoData, seedDemoData } from '../server/demo/data';
import { addDemoAudioCalls, seedDemoConversations } from '../server/demo/conversations/seed';
import { openFileStorage } from '../server/storage/open-file-storage';

const config = loadConfig();
await mkdir(config.dataDir, { recursive: true });
// A running server holds an embedded database's directory: refuse (with its pid) rather than write beside it.
if (!config.databaseUrl) lockDataDir(config.dataDir);
const storage = await openFileStorage(config);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'db'),
});
try {
  await database.migrate();
  await removeDemoData(database.db);
  await seedDemoData(database.db);
  const count = await seedDemoConversations(database.db);
  await addDemoAudioCalls({
    db: database.db,
    files: storage.files,
    log: console,
  });
  console.log(`Demo data reset: ${count} conversations queued for analysis.`);
} finally {
  await database.close();
  storage.close();
}
