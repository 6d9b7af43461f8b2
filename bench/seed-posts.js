// Many blog posts in one SQL statement, for the blog-scale and page-throughput benchmarks.
import path from "node:path";

/**
 * `count` posts (a multiple of 20): 10 categories, 1 in 20 a draft, each ~2,800 characters of
 * body; exactly 20 published posts mention "restaurant" at any size, so a search for it has the
 * same answer and only the number of posts around it grows; every post mentions "automation".
 * The published post `post-<count / 2 + 1>` sits in the middle of the list.
 */
export function seedSql(count) {
  return [
    `insert into web_categories (name, slug)
       select 'Category ' || c, 'category-' || c from generate_series(1, 10) c
       on conflict (slug) do nothing`,
    `insert into web_posts (title, slug, excerpt, content, status, published_at, category_id, meta_title)
       select
         'Post ' || i || ' on ' || (array['automation','chatbots','voice agents','marketing','websites'])[1 + i % 5],
         'post-' || i,
         'What post ' || i || ' teaches about running a small business with AI.',
         repeat('Business automation with agents helps teams answer customers faster. ', 40)
           || case when i % ${count / 20} = 1 then 'A restaurant took every order by chat.' else '' end,
         case when i % 20 = 0 then 'draft' else 'published' end,
         now() - (i || ' minutes')::interval,
         (select id from web_categories where slug = 'category-' || (1 + i % 10)),
         'Post ' || i
       from generate_series(1, ${count}) i`,
    "analyze web_posts",
    "analyze web_categories",
  ];
}

/** A published post in the middle of `count` seeded posts. */
export function middlePostSlug(count) {
  return `post-${Math.floor(count / 2) + 1}`;
}

/**
 * Runs `statements` on a migrated database while no server holds it: the PGlite data directory
 * `dataDir`, or the PostgreSQL database at `databaseUrl`.
 */
export async function runSeedStatements({ dataDir, databaseUrl }, statements) {
  if (!databaseUrl) {
    const { PGlite } = await import("@electric-sql/pglite");
    const db = await PGlite.create(path.join(dataDir, "db"));
    try {
      for (const statement of statements) await db.query(statement);
    } finally {
      await db.close();
    }
    return;
  }
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Seeds `count` posts (seedSql) into a migrated database no server holds. */
export function seedPosts(backend, count) {
  return runSeedStatements(backend, seedSql(count));
}
