import type { BlobStore } from './blobs/store';
import type { ServerConfig } from './config';
import type { Sql } from './db/sql';
import type { KeyCache } from './plugins/keyCache';
import type { ProcessingPool } from './processing/pool';
import type { WebpFinisher } from './processing/webpFinisher';

/** What routes need, built once in app.ts and handed to each route module. */
export interface Services {
  config: ServerConfig;
  sql: Sql;
  blobs: BlobStore;
  pool: ProcessingPool;
  keys: KeyCache;
  webpFinisher: WebpFinisher;
}
