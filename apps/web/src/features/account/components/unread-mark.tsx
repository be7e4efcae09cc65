import Box from '@mui/material/Box';

/** "2 nuove" beside "Notifiche" in the menus. */
export function UnreadMark({ text }: { text: string }) {
  return (
    <Box
      component="span"
      sx={{
        ml: 1,
        px: 0.75,
        borderRadius: 1,
        bgcolor: 'error.main',
        color: 'error.contrastText',
        fontSize: 13,
        fontWeight: 500,
      }}
    >
      {text}
    </Box>
  );
}
