/**
 * The order a server-drawn page's islands come alive in: those the shopper can see first, one per
 * task, the rest when the browser is idle, and a touched one at once.
 */
type IslandTurn = typeof import('./islandTurns').islandTurn;

/** The browser's viewport watcher, told by the test what is on screen. */
class ScreenWatcher {
  static current: ScreenWatcher | null = null;
  readonly watched = new Set<Element>();
  constructor(private readonly report: IntersectionObserverCallback) {
    ScreenWatcher.current = this;
  }
  observe(target: Element) {
    this.watched.add(target);
  }
  unobserve(target: Element) {
    this.watched.delete(target);
  }
  disconnect() {
    this.watched.clear();
  }
  show(...targets: Element[]) {
    this.report(
      targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
      this as unknown as IntersectionObserver,
    );
  }
}

let idleMoments: IdleRequestCallback[] = [];
const started: string[] = [];

/** A part as the server draws it: `display: contents` around the control. */
function part(name: string): Element {
  const element = document.createElement('div');
  element.style.display = 'contents';
  element.innerHTML = `<button type="button">${name}</button>`;
  document.body.append(element);
  return element;
}

function load(withWatcher: boolean): IslandTurn {
  let islandTurn: IslandTurn | undefined;
  Object.assign(window, { IntersectionObserver: withWatcher ? ScreenWatcher : undefined });
  jest.isolateModules(() => {
    ({ islandTurn } = jest.requireActual<typeof import('./islandTurns')>('./islandTurns'));
  });
  return islandTurn!;
}

/** One task: the next timer the queue set. */
function nextTask() {
  jest.advanceTimersToNextTimer();
}

function idleMoment() {
  const moment = idleMoments.shift();
  expect(moment).toBeDefined();
  moment!({ didTimeout: false, timeRemaining: () => 50 });
}

beforeEach(() => {
  jest.useFakeTimers();
  idleMoments = [];
  started.length = 0;
  document.body.innerHTML = '';
  ScreenWatcher.current = null;
  Object.assign(window, {
    requestIdleCallback: (callback: IdleRequestCallback) => {
      idleMoments.push(callback);
      return idleMoments.length;
    },
  });
});

afterEach(() => {
  jest.useRealTimers();
});

describe('islands come alive in turn', () => {
  it('those on screen first, one per task, then the rest one per idle moment in the page’s order', () => {
    const islandTurn = load(true);
    const parts = ['first', 'second', 'third', 'fourth'].map((name) => {
      const element = part(name);
      islandTurn(element, () => started.push(name));
      return element;
    });
    // The watcher is told of each island's control, not of the part, which has no box.
    expect([...ScreenWatcher.current!.watched]).toEqual(parts.map((element) => element.firstElementChild));

    const [, , third, fourth] = parts as [Element, Element, Element, Element];
    ScreenWatcher.current!.show(third.firstElementChild!, fourth.firstElementChild!);
    nextTask();
    expect(started).toEqual(['third']);
    nextTask();
    expect(started).toEqual(['third', 'fourth']);

    // Nothing else on screen: no task is taken before the browser is idle.
    expect(jest.getTimerCount()).toBe(0);
    idleMoment();
    expect(started).toEqual(['third', 'fourth', 'first']);
    idleMoment();
    expect(started).toEqual(['third', 'fourth', 'first', 'second']);
    expect(idleMoments).toHaveLength(0);
    expect(ScreenWatcher.current!.watched.size).toBe(0);
  });

  it('a touch or the focus on an island still waiting brings its turn before the others', () => {
    const islandTurn = load(true);
    const [, second, third] = ['first', 'second', 'third'].map((name) => {
      const element = part(name);
      islandTurn(element, () => started.push(name));
      return element;
    }) as [Element, Element, Element];
    third.querySelector('button')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    nextTask();
    expect(started).toEqual(['third']);
    second.querySelector('button')!.focus();
    nextTask();
    expect(started).toEqual(['third', 'second']);
  });

  it('an island the page took away before its turn never starts, and the rest still do', () => {
    const islandTurn = load(true);
    const [leaveFirst] = ['first', 'second', 'third'].map((name) => islandTurn(part(name), () => started.push(name)));
    leaveFirst!();
    idleMoment();
    idleMoment();
    expect(started).toEqual(['second', 'third']);
    expect(idleMoments).toHaveLength(0);
  });

  it('one that fails to start does not stop the rest', () => {
    const islandTurn = load(true);
    islandTurn(part('broken'), () => {
      throw new Error('no');
    });
    islandTurn(part('whole'), () => started.push('whole'));
    expect(() => idleMoment()).toThrow('no');
    idleMoment();
    expect(started).toEqual(['whole']);
  });

  it('where the browser cannot tell what is on screen, every island counts as near: in the page’s order, one per task', () => {
    const islandTurn = load(false);
    for (const name of ['first', 'second']) islandTurn(part(name), () => started.push(name));
    nextTask();
    expect(started).toEqual(['first']);
    nextTask();
    expect(started).toEqual(['first', 'second']);
    expect(idleMoments).toHaveLength(0);
  });
});
