// Proves that each import boundary in eslint.config.js fails on a file that breaks it, and passes the
// allowed form next to it: a rule that never fires would otherwise look the same as a tree that obeys it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ESLint } from 'eslint';

const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
const eslint = new ESLint({ cwd: root });

/** The rule ids ESLint reports for `code` as if it were the file at `path` (the file need not exist). */
async function violations(path, code) {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${path}` });
  return result.messages.map((message) => message.ruleId);
}

test('a web feature importing another feature fails; its own files pass', async () => {
  const path = 'apps/web/src/features/clothes/components/lint-fixture.ts';
  assert.ok(
    (
      await violations(
        path,
        "import { createFeed } from '@/features/feeds/api/create-feed';\nexport { createFeed };\n",
      )
    ).includes('import-x/no-restricted-paths'),
  );
  assert.deepEqual(
    await violations(
      path,
      "import { getClothes } from '@/features/clothes/api/get-clothes';\nexport { getClothes };\n",
    ),
    [],
  );
});

test('shared web code importing a feature fails', async () => {
  const path = 'apps/web/src/components/ui/lint-fixture.ts';
  assert.ok(
    (
      await violations(
        path,
        "import { createFeed } from '@/features/feeds/api/create-feed';\nexport { createFeed };\n",
      )
    ).includes('import-x/no-restricted-paths'),
  );
});

test('a server domain importing another domain past its index.ts fails; through index.ts passes', async () => {
  const path = 'apps/server/src/domains/feeds/lint-fixture.ts';
  assert.ok(
    (
      await violations(path, "import * as repo from '../clothes/clothes.repo.js';\nexport { repo };\n")
    ).includes('import-x/no-restricted-paths'),
  );
  assert.deepEqual(
    await violations(path, "import * as clothes from '../clothes/index.js';\nexport { clothes };\n"),
    [],
  );
});

test('a routes file importing a repo or the database fails', async () => {
  const path = 'apps/server/src/domains/clothes/lint-fixture.routes.ts';
  assert.ok(
    (await violations(path, "import * as repo from './clothes.repo.js';\nexport { repo };\n")).includes(
      'no-restricted-imports',
    ),
  );
  assert.ok(
    (await violations(path, "import * as db from '../../db/client.js';\nexport { db };\n")).includes(
      'no-restricted-imports',
    ),
  );
});

test("a domain's index.ts re-exporting from a repo fails; from its module passes", async () => {
  const path = 'apps/server/src/domains/clothes/index.ts';
  assert.ok(
    (await violations(path, "export { closetGarments } from './clothes.repo.js';\n")).includes(
      'no-restricted-imports',
    ),
  );
  assert.ok(
    (await violations(path, "export type { UsersRepo } from '../users/users.repo.js';\n")).includes(
      'no-restricted-imports',
    ),
  );
  assert.deepEqual(
    await violations(path, "export { createClothesModule } from './clothes.module.js';\n"),
    [],
  );
});

test('a benchmark importing a domain past its index.ts fails; through index.ts passes', async () => {
  const path = 'apps/server/bench/scenarios/lint-fixture.ts';
  assert.ok(
    (
      await violations(
        path,
        "import { createFeedsRepo } from '../../src/domains/feeds/feeds.repo.js';\nexport { createFeedsRepo };\n",
      )
    ).includes('import-x/no-restricted-paths'),
  );
  assert.deepEqual(
    await violations(
      path,
      "import { newRefreshToken } from '../../src/domains/auth/index.js';\nexport { newRefreshToken };\n",
    ),
    [],
  );
});

test('a non-null assertion fails in source code', async () => {
  const path = 'apps/server/src/lib/lint-fixture.ts';
  assert.ok(
    (await violations(path, 'export const first = (xs: number[]) => xs[0]!;\n')).includes(
      '@typescript-eslint/no-non-null-assertion',
    ),
  );
});
