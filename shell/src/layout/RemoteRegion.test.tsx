import { act, render, screen } from '@testing-library/react';
import { startLoadingRemoteModules } from '../federation/remoteComponent';
import { RemoteRegion, SLOW_REGION_MS } from './RemoteRegion';

// A remote whose entry never answers (a hung server): the federation runtime is stood in for.
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: () => new Promise(() => undefined),
  getInstance: () => undefined,
}));

const SLOW_MESSAGE = 'Sorry, the home page is taking longer than usual to load.';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('a region whose remote does not arrive', () => {
  it('says so SLOW_REGION_MS after its module began loading, which for the page’s own module is before the first render', () => {
    void startLoadingRemoteModules([{ remote: 'mfe-catalog', module: 'HomePage' }]);
    // The shell's start-up: the module has been loading for a second when the region first renders.
    act(() => jest.advanceTimersByTime(1000));
    render(<RemoteRegion remote="mfe-catalog" module="HomePage" label="the home page" />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(SLOW_REGION_MS - 1000 - 1));
    expect(screen.queryByText(SLOW_MESSAGE)).toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('alert')).toHaveTextContent(SLOW_MESSAGE);
  });

  it('says so SLOW_REGION_MS after the region asked for a module nobody had asked for before', () => {
    render(<RemoteRegion remote="mfe-catalog" module="ShopPage" label="the shop" />);
    act(() => jest.advanceTimersByTime(SLOW_REGION_MS - 1));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('alert')).toHaveTextContent('Sorry, the shop is taking longer than usual to load.');
  });
});
