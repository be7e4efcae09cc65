import { useEffect, useState } from 'react';
import { Alert, Box, Button, TextField as MuiTextField, Typography } from '@mui/material';
import type { AdminCardData } from '@spesa/shared/contracts/admin-loyalty';
import { cardTypeOfNumber, groupedCardNumber } from '@spesa/shared/loyalty/card-number';
import { italianDayText, PHYSICAL_CARD_TRANSITIONS } from '@spesa/shared/loyalty/premium';
import { useNotify } from 'react-admin';
import { adminAct, adminCall } from './api';
import { cardTexts as T } from './texts';
import { TIME_ZONE } from '@spesa/shared/time/rome';

const day = (iso: string) => new Date(iso).toLocaleDateString('it-IT', { timeZone: TIME_ZONE });
type CardData = AdminCardData['data'];

/**
 * A customer's loyalty card and premium state in the customer page (decision 038): the card, the premium
 * request and its physical card's way by post, the exclusion; for customer service, excluding (or including
 * again) with a reason and moving the physical card one step further.
 */
export function CustomerCard({ customerId, canWrite }: { customerId: number; canWrite: boolean }) {
  const [card, setCard] = useState<CardData | null>(null);
  const [failed, setFailed] = useState(false);
  const [reason, setReason] = useState('');
  const notify = useNotify();
  useEffect(() => {
    let live = true;
    adminCall('GET /admin/customers/:id/loyalty-card', { params: { id: customerId } }).then(
      (d) => live && setCard(d.data),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [customerId]);

  const act = async (call: () => Promise<{ data: AdminCardData; infos: string[] }>) => {
    try {
      const done = await call();
      setCard(done.data.data);
      setReason('');
      if (done.infos[0]) notify(done.infos[0], { type: 'success' });
    } catch (error: unknown) {
      notify(error instanceof Error ? error.message : T.failed, { type: 'error' });
    }
  };
  const setExclusion = (excluded: boolean) =>
    act(() =>
      adminAct('POST /admin/customers/:id/premium-exclusion', {
        params: { id: customerId },
        body: { excluded, reason },
      }),
    );
  const request = card?.premium.request ?? null;
  const next = request?.state ? PHYSICAL_CARD_TRANSITIONS[request.state][0] : undefined;

  return (
    <section aria-labelledby="customer-card">
      <Typography id="customer-card" variant="h6" component="h2">
        {T.title}
      </Typography>
      {failed ? <Alert severity="error">{T.failed}</Alert> : null}
      {card ? (
        <>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 0.5, columnGap: 2, m: 0 }}
          >
            {card.card ? (
              <>
                <dt>{T.number}</dt>
                <dd style={{ margin: 0 }} data-testid="admin-card-number">
                  {groupedCardNumber(card.card.cardNumber)}
                </dd>
                <dt>{T.typeLabel}</dt>
                <dd style={{ margin: 0 }}>
                  {T.type[cardTypeOfNumber(card.card.cardNumber) ?? card.card.cardType]}
                </dd>
                <dt>{T.validity}</dt>
                <dd style={{ margin: 0 }}>
                  {card.card.validTo === null
                    ? T.noEnd
                    : card.card.valid
                      ? T.until(italianDayText(card.card.validTo))
                      : T.expired(italianDayText(card.card.validTo))}
                </dd>
              </>
            ) : (
              <>
                <dt>{T.number}</dt>
                <dd style={{ margin: 0 }}>{T.none}</dd>
              </>
            )}
            <dt>{T.premium}</dt>
            <dd style={{ margin: 0 }} data-testid="admin-premium">
              {card.premium.active ? T.premiumActive : T.premiumInactive}
            </dd>
            {card.premium.active || card.premiumProduct ? (
              <>
                <dt>{T.premiumProduct}</dt>
                <dd style={{ margin: 0 }} data-testid="admin-premium-product">
                  {card.premiumProduct
                    ? card.premiumProduct.name === null
                      ? T.premiumProductGone(
                          card.premiumProduct.productId,
                          italianDayText(card.premiumProduct.chosenOn),
                        )
                      : T.premiumProductChosen(
                          card.premiumProduct.name,
                          italianDayText(card.premiumProduct.chosenOn),
                        )
                    : T.noPremiumProduct}
                </dd>
              </>
            ) : null}
            <dt>{T.request}</dt>
            <dd style={{ margin: 0 }} data-testid="admin-premium-request">
              {request
                ? [
                    T.channel[request.channel],
                    T.requestedOn(day(request.requestedAt)),
                    request.state ? T.state[request.state] : null,
                    request.state === 'requested' && request.dueBy
                      ? T.dueBy(italianDayText(request.dueBy))
                      : null,
                  ]
                    .filter(Boolean)
                    .join(', ')
                : T.noRequest}
            </dd>
            <dt>{T.exclusion}</dt>
            <dd style={{ margin: 0, overflowWrap: 'anywhere' }} data-testid="admin-exclusion">
              {card.exclusion
                ? T.excludedBy(
                    card.exclusion.reason,
                    card.exclusion.staffName ?? T.someone,
                    day(card.exclusion.since),
                  )
                : T.notExcluded}
            </dd>
          </Box>
          {canWrite && next ? (
            <Button
              variant="outlined"
              sx={{ mt: 1 }}
              onClick={() =>
                void act(() =>
                  adminAct('POST /admin/customers/:id/premium-card-state', {
                    params: { id: customerId },
                    body: { state: next === 'shipped' ? 'shipped' : 'delivered' },
                  }),
                )
              }
            >
              {next === 'shipped' ? T.ship : T.deliver}
            </Button>
          ) : null}
          {canWrite ? (
            <Box
              component="form"
              aria-label={card.exclusion ? T.include : T.exclude}
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void setExclusion(!card.exclusion);
              }}
              sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', mt: 2 }}
            >
              <MuiTextField
                label={T.reason}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                helperText={T.reasonHelp}
                slotProps={{ htmlInput: { maxLength: 300 } }}
                sx={{ flex: '1 1 280px' }}
              />
              <Button
                type="submit"
                variant="contained"
                color={card.exclusion ? 'primary' : 'error'}
                sx={{ mt: 1 }}
              >
                {card.exclusion ? T.include : T.exclude}
              </Button>
            </Box>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
