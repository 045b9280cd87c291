// `npm run uploads:to-s3`: copies every file of DATA_DIR/uploads to the S3-compatible bucket configured by S3_*
// (ADR 038), so an existing site can move its images before its app servers switch to the bucket. Idempotent:
// what the bucket has is skipped, so an interrupted run is run again. The local files stay where they are;
// delete DATA_DIR/uploads yourself once the site serves every image from the bucket.
import path from "node:path";
import { parseArgs } from "node:util";

const USAGE = `Uso: npm run uploads:to-s3

Copia as imagens de DATA_DIR/uploads para o bucket S3 configurado (S3_BUCKET, S3_ACCESS_KEY_ID,
S3_SECRET_ACCESS_KEY e, fora da AWS, S3_ENDPOINT e S3_FORCE_PATH_STYLE). O que o bucket já tem é pulado:
pode rodar de novo quantas vezes quiser. Os arquivos locais ficam onde estão; apague DATA_DIR/uploads
quando o site já estiver servindo as imagens do bucket.`;

try {
  if (parseArgs({ options: { help: { type: "boolean", short: "h" } } }).values.help) {
    console.log(USAGE);
    process.exit(0);
  }
} catch (error) {
  console.error((error as Error).message);
  console.error(USAGE);
  process.exit(1);
}

process.env.LOG_LEVEL ??= "warn";

try {
  // Imported here, so an invalid configuration (read while the modules load) ends in a clear message.
  const { env, s3Config } = await import("../app/lib/env.server.ts");
  const { copyLocalUploads, s3Client, s3Storage } = await import("../app/features/uploads/storage.server.ts");
  const config = s3Config();
  if (!config) {
    console.error(
      "O S3 não está configurado: defina S3_BUCKET, S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY (e, fora da AWS, " +
        "S3_ENDPOINT e S3_FORCE_PATH_STYLE) para copiar as imagens de DATA_DIR/uploads para o bucket.",
    );
    process.exit(1);
  }
  const directory = path.resolve(env().DATA_DIR, "uploads");
  const client = s3Client(config);
  try {
    const target = s3Storage(client, config.bucket);
    console.log(
      `Copiando ${directory} para ${target.description}${config.endpoint ? ` (${config.endpoint})` : ""}…`,
    );
    let seen = 0;
    const report = await copyLocalUploads(directory, target, () => {
      if (++seen % 100 === 0) console.log(`  ${seen} arquivos…`);
    });
    console.log(`Copiados: ${report.copied}. Já estavam no bucket: ${report.present}.`);
    if (report.skipped.length > 0) {
      console.log(
        `Ignorados (não são imagens enviadas, ou o conteúdo não confere com o nome): ${report.skipped.length}: ` +
          report.skipped.slice(0, 20).join(", ") +
          (report.skipped.length > 20 ? ", …" : ""),
      );
    }
    console.log(`Os arquivos locais continuam em ${directory}.`);
  } finally {
    client.destroy();
  }
} catch (error) {
  console.error("Não foi possível copiar as imagens para o bucket:");
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
