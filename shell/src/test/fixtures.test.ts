import { routes } from '@halcyon/api-client/contract';
import { adminRecord, userProfile } from './fixtures';

// The screens' HTTP stubs answer with these records: keep them valid contract responses.
describe('test fixtures match the contract', () => {
  it('login responses for an investor and an admin', () => {
    expect(routes.login.response.safeParse({ data: userProfile, token: 't' }).success).toBe(true);
    expect(routes.login.response.safeParse({ data: adminRecord, token: 't' }).success).toBe(true);
  });

  it('register responses', () => {
    expect(routes.register.response.safeParse({ data: userProfile, message: 'Registered' }).success).toBe(true);
    expect(routes.registerAdmin.response.safeParse({ data: adminRecord }).success).toBe(true);
  });
});
