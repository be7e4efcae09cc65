import { Typography } from '@mui/material';
import { Title } from 'react-admin';

/** A back-office page's title (the app bar's and the page's one h1) and the line that says what it is for. */
export function PageHeading({ title, help }: { title: string; help: string }) {
  return (
    <>
      <Title title={title} />
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Typography variant="body2" sx={{ my: 1 }}>
        {help}
      </Typography>
    </>
  );
}
