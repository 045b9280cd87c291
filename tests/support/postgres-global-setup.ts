// Migrates a template database once; each test file then clones it (CREATE DATABASE … TEMPLATE), which is fast
// and keeps files from sharing state.
import pg from "pg";
import { openDatabase } from "../../app/lib/db.server.ts";
import { templateDatabaseName, withDatabase } from "./postgres-databases.ts";

export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const template = templateDatabaseName();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${template}" with (force)`);
    await admin.query(`create database "${template}"`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({ url: withDatabase(url, template) });
  await handle.close();
}
