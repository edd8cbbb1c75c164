import { act, render, screen } from '@testing-library/react';
import { PASSWORD_WAIT_NOTICE_MS, PasswordWait } from './PasswordWait';

describe('what a form says while a password takes a while', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('says nothing for a moment, then why it is still waiting, in a status a screen reader reads', () => {
    render(<PasswordWait doing="Securing your password" />);
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();
    act(() => jest.advanceTimersByTime(PASSWORD_WAIT_NOTICE_MS - 1));
    expect(status).toBeEmptyDOMElement();
    act(() => jest.advanceTimersByTime(1));
    expect(status).toHaveTextContent('Securing your password: the shop is busy just now, so this can take a few seconds. Please keep this open.');
  });
});
