import { Card, CardContent, Typography } from '@mui/material';
import { STAFF_ROLE_LABEL, type StaffRole } from '@spesa/shared/contracts/admin';
import { Title, useGetIdentity, usePermissions } from 'react-admin';

/** The first page after sign-in: who is signed in, with which role. */
export function Dashboard() {
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<StaffRole>();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Pannello" />
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          Benvenuto{identity?.fullName ? `, ${identity.fullName}` : ''}
        </Typography>
        <Typography>
          Ruolo: {permissions ? STAFF_ROLE_LABEL[permissions] : '…'}. Il menu mostra ciò che il tuo ruolo può
          vedere; ogni modifica è registrata nel registro attività.
        </Typography>
      </CardContent>
    </Card>
  );
}
