import { RegisterBody } from '../requests';
import { passwordProblem, passwordStrength } from './password';

describe('password strength', () => {
  it.each([
    ['password', 'This is a heavily used password.'],
    ['aaaaaaaa', 'Repeated characters like "aaa" are easy to guess.'],
    ['qwerty123', 'This is a commonly used password.'],
  ])('refuses %s with zxcvbn’s reason', (password, warning) => {
    expect(passwordProblem(password)).toContain(`is too easy to guess. ${warning} Add more words that are less common.`);
  });

  it('refuses a word plus a year, saying what would help', () => {
    expect(passwordProblem('Halcyon2024')).toBe('is too easy to guess. Add more words that are less common. Capitalize more than the first letter.');
  });

  it('accepts a long random passphrase', () => {
    expect(passwordProblem('copper violin tundra marmalade')).toBeNull();
    expect(passwordStrength('copper violin tundra marmalade').score).toBe(4);
  });

  it('judges only the first 64 characters, so a long password costs little', () => {
    const start = Date.now();
    expect(passwordProblem(`${'a'.repeat(64)}Q7#vL9!xR2`)).not.toBeNull();
    expect(Date.now() - start).toBeLessThan(1000);
  });

  it('is the contract’s rule: 400 text names the field', () => {
    const body = { name: 'Ada', username: 'ada', phone: '+14155550123', email: 'ada@example.com' };
    const weak = RegisterBody.safeParse({ ...body, password: 'password' });
    expect(weak.error?.issues[0]).toMatchObject({ path: ['password'], message: expect.stringMatching(/^is too easy to guess\. /) });
    // The spec's length text stays first for short passwords.
    expect(RegisterBody.safeParse({ ...body, password: 'aaa' }).error?.issues[0]?.message).toBe('must be at least 8 characters');
    expect(RegisterBody.safeParse({ ...body, password: 'copper violin tundra marmalade' }).success).toBe(true);
  });
});
