import type { ReactNode } from 'react';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../../components/use-document-title';

/** A simple account page: its title in the tab and as the page's only h1. */
export function AccountPage({
  title,
  children,
  maxWidth = 'sm',
}: {
  title: string;
  children: ReactNode;
  maxWidth?: 'sm' | 'md';
}) {
  useDocumentTitle(title);
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 34 }, mb: 3 }}>
        {title}
      </Typography>
      {children}
    </Container>
  );
}
