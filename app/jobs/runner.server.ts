import { revisionsKeptFrom } from "~/content/site-defaults";
import type { Db } from "~/db/client.server";
import type { Env } from "~/env.server";
import { outboxTargets } from "~/integrations/deliverers.server";
import { runDueBackup } from "~/jobs/backups.server";
import { createOutboxWorker } from "~/jobs/outbox.server";
import { publishDuePages, publishDuePosts, SCHEDULER_NAME } from "~/jobs/publish-scheduled.server";
import { logger } from "~/lib/logger.server";
import { periodic } from "~/lib/periodic.server";
import { readSettings } from "~/models/admin-settings.server";
import { recordAudit } from "~/models/audit.server";
import { postPagePaths, siteContentChanged } from "~/models/site.server";
import { createCampaignSender } from "~/newsletter/campaign-sender.server";
import type { PrepareCampaign } from "~/newsletter/campaign-types.server";
import { pagePublicPaths } from "~/pages/legal-versions";

interface Job {
  name: string;
  run: () => Promise<void>;
}

/**
 * The background jobs of every app process, run one after the other every `intervalMs`. A job
 * that must act once across processes claims its work in the database (see each job): the timer
 * only decides how soon a process looks. A tick still running when the next is due is skipped,
 * and a failing job is logged and tried again on the next tick.
 */
export function createJobRunner({
  db,
  env,
  intervalMs,
  prepareCampaign,
}: {
  db: Db;
  env: Env;
  intervalMs: number;
  /** How a newsletter campaign becomes its mails; without it, no campaign is sent. */
  prepareCampaign?: PrepareCampaign;
}) {
  // A retry cannot come sooner than a tick anyway; six ticks (30 s by default) is the first wait.
  const retryBaseMs = 6 * intervalMs;
  const outbox = createOutboxWorker({ db, ...outboxTargets(env), retryBaseMs });
  const campaigns = prepareCampaign
    ? createCampaignSender({ db, env, prepare: prepareCampaign, retryBaseMs })
    : null;
  const jobs: Job[] = [
    {
      name: "scheduled posts",
      async run() {
        const published = await publishDuePosts(db, async (tx) =>
          revisionsKeptFrom(await readSettings(tx)),
        );
        if (published.length === 0) return;
        logger.info({ posts: published.map((p) => p.slug) }, "scheduled posts are now published");
        // The blog, the feed, the sitemap and every cached page show them from now on.
        await siteContentChanged(postPagePaths(...published.map((p) => p.slug)));
        for (const post of published) {
          await recordAudit(
            { id: null, email: SCHEDULER_NAME },
            {
              action: "published",
              entity: "blog post",
              entityId: post.id,
              details: { title: post.title, slug: post.slug, scheduled: true },
            },
          );
        }
      },
    },
    {
      name: "scheduled pages",
      async run() {
        const published = await publishDuePages(db, async (tx) =>
          revisionsKeptFrom(await readSettings(tx)),
        );
        if (published.length === 0) return;
        logger.info({ pages: published.map((p) => p.path) }, "scheduled pages are now published");
        await siteContentChanged([...published.flatMap(pagePublicPaths), "/sitemap.xml"]);
        for (const page of published) {
          await recordAudit(
            { id: null, email: SCHEDULER_NAME },
            {
              action: "published",
              entity: "page",
              entityId: page.id,
              details: { title: page.title, path: page.path, scheduled: true },
            },
          );
        }
      },
    },
    {
      name: "daily backup",
      async run() {
        // Started and left to run: a backup takes long, and scheduled posts must not wait for it.
        // Its claim keeps other ticks and processes from starting another meanwhile.
        const started = await runDueBackup({ db, env });
        started?.finished.catch(() => {});
      },
    },
    {
      name: "outbox",
      async run() {
        // Claims a batch and sends it in the background: a slow receiver must not hold up the
        // other jobs. The claim keeps other processes off those rows meanwhile.
        await outbox.runDue();
      },
    },
    ...(campaigns
      ? [
          {
            name: "newsletter campaigns",
            async run() {
              // Starts due campaigns, and a send loop in the background that keeps the pace
              // between ticks; the shared pace row and the claims keep processes apart.
              await campaigns.runDue();
            },
          },
        ]
      : []),
  ];
  const failures = new Map<string, number>();
  let running: Promise<void> | null = null;

  async function tick() {
    for (const job of jobs) {
      try {
        await job.run();
        if (failures.get(job.name)) logger.info({ job: job.name }, "background job works again");
        failures.delete(job.name);
      } catch (error) {
        const count = (failures.get(job.name) ?? 0) + 1;
        failures.set(job.name, count);
        // The database away: say so once and every tenth time, not every tick.
        if (count === 1 || count % 10 === 0) {
          logger.warn({ err: error, job: job.name, failures: count }, "background job failed");
        }
      }
    }
  }

  const runOnce = () => {
    if (running) return running;
    running = tick().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = periodic(() => void runOnce(), intervalMs);

  return {
    /** Runs the jobs now (work that came due while the server was down) and then on the timer. */
    start() {
      void runOnce();
      timer.start();
    },
    runOnce,
    /** Stops the timer and waits for a tick under way, and (briefly) for deliveries under way. */
    async stop() {
      timer.stop();
      await running;
      await Promise.all([outbox.stop(), campaigns?.stop()]);
    },
  };
}
