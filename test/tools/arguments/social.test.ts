import { describe, expect, it } from 'vitest';
import { listSocialPhotoAccounts } from '../../../src/tools/social/list-social-photo-accounts.ts';
import { accept, issue, reject } from './validate.ts';

describe('list_social_photo_accounts', () => {
  it('uses the connected account when ad_account_id is absent or null', () => {
    expect(accept(listSocialPhotoAccounts, {})).toEqual({ ad_account_id: null });
    expect(accept(listSocialPhotoAccounts, { ad_account_id: null })).toEqual({ ad_account_id: null });
  });

  it('takes an act_ id, trimmed', () => {
    expect(accept(listSocialPhotoAccounts, { ad_account_id: ' act_1234567890 ' })).toEqual({
      ad_account_id: 'act_1234567890',
    });
  });

  it('rejects an empty id, a number and an unknown field', () => {
    expect(reject(listSocialPhotoAccounts, { ad_account_id: '  ' })).toContainEqual(
      issue('ad_account_id', 'must not be empty'),
    );
    expect(reject(listSocialPhotoAccounts, { ad_account_id: 1234 })).toContainEqual(
      issue('ad_account_id', 'must be a string'),
    );
    expect(reject(listSocialPhotoAccounts, { photo_account_id: '1' })).toContainEqual(
      issue('photo_account_id', 'is not an accepted field (accepted: ad_account_id)'),
    );
  });
});
