import fs from "node:fs";
import path from "node:path";
import { createAuth, setAuth } from "~/auth/auth.server";
import { openDatabase, setDatabase } from "~/db/client.server";
import { seedDefaults } from "~/db/seed.server";
import type { Env } from "~/env.server";
import { defaultMailFrom } from "~/mail/mail-from";
import { createMailer, setMailer } from "~/mail/mailer.server";
import { createSiteMailer } from "~/mail/site-mailer.server";

/** Opens the database, mailer and auth of this process. Shared by the server and the commands. */
export async function openServices(env: Env) {
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await database.migrate();
    await seedDefaults(database.db);
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  // SMTP or the mail folder, under SendGrid while that is on.
  const mailer = createSiteMailer({
    db: database.db,
    direct: createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? defaultMailFrom(env.SITE_URL),
      mailDir: path.join(env.DATA_DIR, "mail"),
    }),
  });
  const auth = createAuth({ db: database.db, env, mailer });
  setDatabase(database);
  setMailer(mailer);
  setAuth(auth);
  return {
    database,
    mailer,
    auth,
    async close() {
      mailer.close();
      await database.close();
      setDatabase(undefined);
      setMailer(undefined);
      setAuth(undefined);
    },
  };
}
