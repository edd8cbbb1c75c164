import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { laterModule } from './laterModule';

function deferred<Value>() {
  let resolve!: (value: Value) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<Value>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

type Greeting = { Greeting: () => React.JSX.Element };
const greeting: Greeting = { Greeting: () => <p>Hello from the chunk</p> };

function Host({ part, initiallyWanted = false }: { part: ReturnType<typeof laterModule<Greeting>>; initiallyWanted?: boolean }) {
  const [wanted, setWanted] = useState(initiallyWanted);
  const module = part.useLoaded(wanted);
  return (
    <>
      <button type="button" onClick={() => setWanted((was) => !was)}>
        toggle
      </button>
      {module ? <module.Greeting /> : <p>placeholder</p>}
    </>
  );
}

describe('laterModule', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('loads nothing until wanted, then draws the module once it is in, loading it once', async () => {
    const importModule = jest.fn(() => Promise.resolve(greeting));
    const part = laterModule('the greeting', importModule);
    render(<Host part={part} />);
    expect(importModule).not.toHaveBeenCalled();
    act(() => screen.getByRole('button').click());
    expect(await screen.findByText('Hello from the chunk')).toBeInTheDocument();
    act(() => screen.getByRole('button').click());
    expect(screen.getByText('placeholder')).toBeInTheDocument();
    act(() => screen.getByRole('button').click());
    expect(screen.getByText('Hello from the chunk')).toBeInTheDocument();
    expect(importModule).toHaveBeenCalledTimes(1);
  });

  it('tells whether the module is in without asking for it', async () => {
    const importModule = jest.fn(() => Promise.resolve(greeting));
    const part = laterModule('the greeting', importModule);
    expect(part.loaded()).toBeUndefined();
    expect(importModule).not.toHaveBeenCalled();
    await part.load();
    expect(part.loaded()).toBe(greeting);
    const provided = laterModule<Greeting>('the greeting', () => new Promise(() => undefined));
    provided.provide(greeting);
    expect(provided.loaded()).toBe(greeting);
  });

  it('draws at once what was loaded before the render, or provided', async () => {
    const early = laterModule('the greeting', () => Promise.resolve(greeting));
    await early.load();
    render(<Host part={early} initiallyWanted />);
    expect(screen.getByText('Hello from the chunk')).toBeInTheDocument();

    const provided = laterModule<Greeting>('the greeting', () => new Promise(() => undefined));
    provided.provide(greeting);
    render(<Host part={provided} initiallyWanted />);
    expect(screen.getAllByText('Hello from the chunk')).toHaveLength(2);
  });

  it('keeps the placeholder when the chunk fails, says so, and asks again the next time it is wanted', async () => {
    const first = deferred<Greeting>();
    const importModule = jest.fn<Promise<Greeting>, []>().mockReturnValueOnce(first.promise).mockResolvedValueOnce(greeting);
    const part = laterModule('the greeting', importModule);
    render(<Host part={part} initiallyWanted />);
    await act(async () => first.reject(new Error('chunk failed')));
    expect(screen.getByText('placeholder')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('[storefront] the greeting could not load', expect.any(Error));
    act(() => screen.getByRole('button').click());
    act(() => screen.getByRole('button').click());
    expect(await screen.findByText('Hello from the chunk')).toBeInTheDocument();
    expect(importModule).toHaveBeenCalledTimes(2);
  });

  it('draws it wherever it is wanted once anyone has loaded it, a retry after a failure included', async () => {
    const importModule = jest.fn<Promise<Greeting>, []>().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValueOnce(greeting);
    const part = laterModule('the greeting', importModule);
    render(<Host part={part} initiallyWanted />);
    await waitFor(() => expect(console.error).toHaveBeenCalledTimes(1));
    expect(screen.getByText('placeholder')).toBeInTheDocument();
    // Still wanted: a press that loads it again (the menu button's) is enough.
    await act(async () => {
      await part.load();
    });
    expect(screen.getByText('Hello from the chunk')).toBeInTheDocument();
  });
});
