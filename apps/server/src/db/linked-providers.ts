import { sql } from 'drizzle-orm';
import type { OAuthProvider } from '@otboo/contract';
import { socialAccounts, users } from './schema/index.js';

/**
 * A user row's linked social providers as an array column, so a page (users) or a refresh (auth) needs no second
 * query. A column expression over the schema, shared by the two repositories that select users.
 */
export function linkedProviders() {
  // Qualified by hand: in a one-table select Drizzle leaves column names bare, and a bare "id" here would be
  // social_accounts.id.
  return sql<
    OAuthProvider[]
  >`array(select sa.provider from ${socialAccounts} sa where sa.user_id = ${users}.id order by 1)`;
}
