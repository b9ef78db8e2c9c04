import { MantineProvider } from '@mantine/core';
import * as mantineNotifications from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notificationsWhenShown } from './notifications-when-shown';

const { notifications } = mantineNotifications;
const NotificationsWhenShown = notificationsWhenShown(mantineNotifications);

const renderContainer = () =>
  render(
    <MantineProvider>
      <NotificationsWhenShown position="bottom-right" />
    </MantineProvider>,
  );

describe('the notifications container drawn at the first notification (decision 039)', () => {
  it('when no notification has been shown, then nothing of the container is drawn', () => {
    renderContainer();
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
  });

  it('when a screen shows a notification, then the container is drawn and shows it', async () => {
    renderContainer();
    act(() => {
      notifications.show({ message: 'Bill added successfully' });
    });
    expect(await screen.findByText('Bill added successfully')).toBeInTheDocument();
  });

  it('when a notification was shown before the container mounted (its code still on the way), then it shows it', async () => {
    act(() => {
      notifications.show({ message: 'User created successfully' });
    });
    renderContainer();
    expect(await screen.findByText('User created successfully')).toBeInTheDocument();
  });
});
