import type { Answer, Call } from './emulator-context.ts';

/**
 * CustomerService (https://developers.google.com/google-ads/api/rest/reference/rest/v26/customers):
 * `listAccessibleCustomers`, the customers the token was granted directly (not those below a manager).
 */
export async function listAccessibleCustomers({ accountIds }: Call): Promise<Answer> {
  return { resourceNames: accountIds.map((id) => `customers/${id}`) };
}
