import { changesTextDirection, personNameProblem, withoutDirectionControls } from './textDirection';

describe('changesTextDirection', () => {
  it.each([
    ['left-to-right embedding', 'Thandi\u202A'],
    ['right-to-left embedding', '\u202BThandi'],
    ['pop directional formatting', 'Tha\u202Cndi'],
    ['left-to-right override', '\u202DThandi'],
    ['right-to-left override', 'idnahT\u202E'],
    ['left-to-right isolate', '\u2066Thandi'],
    ['right-to-left isolate', '\u2067Thandi'],
    ['first strong isolate', '\u2068Thandi'],
    ['pop directional isolate', 'Thandi\u2069'],
  ])('finds a %s', (_, text) => {
    expect(changesTextDirection(text)).toBe(true);
  });

  it.each([['Zoë Ndlovu-Nkosi'], ['Ṱhohoyandou'], ['محمد'], ['שרה'], [''], ['   '], ['\u2065\u2029\u202F']])('leaves %j alone', (text) => {
    expect(changesTextDirection(text)).toBe(false);
  });
});

describe('withoutDirectionControls', () => {
  it('drops every one of them and keeps the rest', () => {
    expect(withoutDirectionControls('\u202EPa\u2066les\u2069a\u202C N.')).toBe('Palesa N.');
    expect(withoutDirectionControls('Zoë Ndlovu-Nkosi')).toBe('Zoë Ndlovu-Nkosi');
  });
});

describe('personNameProblem', () => {
  it('asks for a name, refuses direction controls, and accepts a name in any script', () => {
    expect(personNameProblem('First name', undefined)).toBe('First name is required');
    expect(personNameProblem('First name', '   ')).toBe('First name is required');
    expect(personNameProblem('Last name', 'Mokoena\u202E')).toBe('Last name must not contain characters that change the direction of text');
    expect(personNameProblem('First name', 'Zoë')).toBeUndefined();
    expect(personNameProblem('First name', 'محمد')).toBeUndefined();
  });
});
