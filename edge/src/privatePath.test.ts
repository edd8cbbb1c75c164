import { isPrivatePath } from './proxy';

describe('isPrivatePath', () => {
  const privatePaths = ['/dev'];

  it('keeps the developer routes however the path is spelled', () => {
    for (const spelling of [
      '/dev/outbox',
      '/dev',
      '/dev/',
      '/dev/outbox?recipient=a%40b.co',
      '//dev/outbox',
      '/./dev/outbox',
      '/products/../dev/outbox',
      '/DEV/Outbox',
      '/%64ev/outbox',
      '/%2564ev/outbox',
      '/dev%2foutbox',
      '/\\dev\\outbox',
      '/dev/outbox%zz',
    ]) {
      expect([spelling, isPrivatePath(spelling, privatePaths)]).toEqual([spelling, true]);
    }
  });

  it('lets everything else through', () => {
    for (const spelling of ['/products', '/devices', '/products/dev', '/search/suggest?q=dev', '/products/%E0%A4']) {
      expect([spelling, isPrivatePath(spelling, privatePaths)]).toEqual([spelling, false]);
    }
  });
});
