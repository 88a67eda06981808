import { plainLineProblem } from './profile';

// A name or the anti-phishing phrase opens our mails: one line of plain text, no link (issue 30 item 4).
describe('one line of plain text (names, the anti-phishing phrase)', () => {
  it('takes real names and phrases, dots of initials and titles included', () => {
    for (const v of [
      'Ada Lovelace',
      "O'Brien-Smith Jr.",
      'A.J. Smith',
      'J.R.R. Tolkien',
      'Ph.D. Grace Hopper',
      'José Núñez',
      '李小龍',
      'محمد\u200cرضا',
      'blue heron at dawn',
      'e.g. my cat, 3.5 kg',
      'version 2.0 of me',
      'Anne-Marie (née Dupont)',
    ]) {
      expect([v, plainLineProblem(v)]).toEqual([v, null]);
    }
  });

  it('refuses line breaks and tabs', () => {
    for (const v of ['Ada\nLovelace', 'Ada\r\nLovelace', 'Ada\tLovelace', 'Ada\u2028Lovelace', 'Ada\u0085Lovelace']) {
      expect(plainLineProblem(v)).toBe('must be one line, without line breaks or tabs');
    }
  });

  it('refuses control characters and invisible direction or zero-width ones', () => {
    for (const v of ['Ada\u0000', 'Ada\u0007', 'Ada\u009b', 'a\u202emoc.live', 'Ada\u200bLovelace', 'Ada\u2066x\u2069', '\ufeffAda']) {
      expect(plainLineProblem(v)).toBe('must not contain control or invisible formatting characters');
    }
  });

  it('refuses anything a mail client could turn into a link', () => {
    for (const v of [
      'http://evil.example',
      'see https://x',
      'ftp://files',
      'www.evil',
      'WWW2.evil',
      'evil.com',
      'visit halcyon-support.co/login',
      'St.John',
      'write to help@evil.org',
      'пример.рф',
      'evil\u3002com',
      'evil\uff0ecom',
      'call 192.168.10.1',
      'mailto:someone',
      'javascript:alert(1)',
    ]) {
      expect([v, plainLineProblem(v)]).toEqual([v, 'must not contain a link or web address (such as https://, www. or example.com)']);
    }
  });
});
