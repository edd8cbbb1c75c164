import { guardLightboxKeys, KEY_REPEAT_LIMIT_MS } from './guardLightboxKeys';

/** A key press at a given moment, as the browser would stamp it. */
function press(key: string, timeStamp: number): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  Object.defineProperty(event, 'timeStamp', { value: timeStamp });
  document.body.dispatchEvent(event);
  return event;
}

describe('guardLightboxKeys: Esc closes, arrows at most one per 180 ms', () => {
  let heard: string[];
  const listenBelow = (event: KeyboardEvent) => heard.push(event.key);
  let close: jest.Mock;
  let removeGuard: () => void;

  beforeEach(() => {
    heard = [];
    close = jest.fn();
    // The quick-view dialog and lightgallery both listen on the way up; the guard must come first.
    document.addEventListener('keydown', listenBelow);
    removeGuard = guardLightboxKeys(window, { close });
  });
  afterEach(() => {
    removeGuard();
    document.removeEventListener('keydown', listenBelow);
  });

  it('closes the lightbox on Esc and keeps the press from a dialog underneath', () => {
    const event = press('Escape', 1000);
    expect(close).toHaveBeenCalledTimes(1);
    expect(heard).toEqual([]);
    expect(event.defaultPrevented).toBe(true);
  });

  it(`lets one arrow press through per ${KEY_REPEAT_LIMIT_MS} ms`, () => {
    press('ArrowRight', 1000);
    press('ArrowRight', 1000 + KEY_REPEAT_LIMIT_MS - 1);
    press('ArrowLeft', 1000 + KEY_REPEAT_LIMIT_MS + 10);
    press('ArrowRight', 1000 + KEY_REPEAT_LIMIT_MS + 100);
    press('ArrowRight', 1000 + 2 * KEY_REPEAT_LIMIT_MS + 20);
    expect(heard).toEqual(['ArrowRight', 'ArrowLeft', 'ArrowRight']);
    expect(close).not.toHaveBeenCalled();
  });

  it('leaves other keys alone, and every key once removed', () => {
    press('Tab', 1000);
    removeGuard();
    press('Escape', 2000);
    expect(heard).toEqual(['Tab', 'Escape']);
    expect(close).not.toHaveBeenCalled();
  });
});
