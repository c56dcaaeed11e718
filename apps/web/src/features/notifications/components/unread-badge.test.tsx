import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { UnreadBadge } from './unread-badge';

describe('UnreadBadge', () => {
  it('is hidden when nothing is unread', () => {
    const { container } = renderWithProviders(<UnreadBadge count={0} />);
    expect(container.querySelector('.mantine-Badge-root')).toBeNull();
  });

  it('is hidden while the count is unknown', () => {
    const { container } = renderWithProviders(<UnreadBadge count={undefined} />);
    expect(container.querySelector('.mantine-Badge-root')).toBeNull();
  });

  it('shows the count', () => {
    renderWithProviders(<UnreadBadge count={7} />);
    expect(screen.getByText('7')).toBeInTheDocument();
  });

  it('caps the label at 99+', () => {
    renderWithProviders(<UnreadBadge count={120} />);
    expect(screen.getByText('99+')).toBeInTheDocument();
    expect(screen.queryByText('120')).not.toBeInTheDocument();
  });
});
