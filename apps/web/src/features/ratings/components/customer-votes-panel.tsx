import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { VOTE_COMMENT_MAX, VOTE_TITLE_MAX, type VoteDetails } from '@spesa/shared/contracts/ratings';
import '../i18n';
import { useBought } from '../api/get-bought';
import { useRating } from '../api/get-rating';
import { useVoteProduct } from '../api/vote-product';

const decimal = (n: number) =>
  n.toLocaleString('it-IT', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * The product page's customer-votes panel (spec section 2; decision 036): the average with one decimal, the
 * votes per star and, for a customer who received the product, their vote or the form to give it (1 to 5
 * stars in half steps, a title and a comment, the button disabled at 0 stars). Signed-in customers only.
 */
export default function CustomerVotesPanel({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const rating = useRating(productId, true);
  const bought = useBought(productId, true);
  const summary = rating.data;
  return (
    <section className="product-section" aria-labelledby="votes-title" id="voti">
      <h2 id="votes-title" className="product-h2">
        {t('ratings.panelTitle')}
      </h2>
      {!summary ? null : summary.total === 0 ? (
        <Typography color="text.secondary">{t('ratings.noVotes')}</Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'center' }}>
          <Box>
            <Typography sx={{ fontSize: 32, fontWeight: 700 }}>
              {t('ratings.average', { avg: decimal(summary.avg) })}
            </Typography>
            <Rating value={summary.avg} precision={0.5} readOnly aria-hidden />
            <Typography variant="body2" color="text.secondary">
              {t('ratings.votes', { count: summary.total })}
            </Typography>
          </Box>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, minWidth: 220, flex: '1 1 220px' }}>
            {[...summary.ratings]
              .sort((a, b) => b.rating - a.rating)
              .map((r) => (
                <Box
                  component="li"
                  key={r.rating}
                  sx={{ display: 'grid', gridTemplateColumns: '64px 1fr 32px', gap: 1, alignItems: 'center' }}
                  aria-label={t('ratings.starRowLabel', { star: r.rating, count: r.numRating })}
                >
                  <Typography variant="body2" aria-hidden>
                    {t('ratings.starRow', { star: r.rating })}
                  </Typography>
                  <LinearProgress
                    variant="determinate"
                    value={summary.total ? (r.numRating / summary.total) * 100 : 0}
                    aria-hidden
                  />
                  <Typography variant="body2" aria-hidden>
                    {r.numRating}
                  </Typography>
                </Box>
              ))}
          </Box>
        </Box>
      )}
      {bought.data?.voteDetails ? (
        <YourVote vote={bought.data.voteDetails} />
      ) : bought.data?.buyed ? (
        <VoteForm productId={productId} />
      ) : bought.data ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('ratings.onlyBuyers')}
        </Typography>
      ) : null}
    </section>
  );
}

function YourVote({ vote }: { vote: VoteDetails }) {
  const { t } = useTranslation();
  const text =
    vote.status === 'pending'
      ? t('ratings.pending')
      : vote.status === 'rejected'
        ? t('ratings.rejected', { reason: vote.rejectionReason ?? '' })
        : t('ratings.approved', { rating: decimal(vote.rating) });
  return (
    <Alert severity={vote.status === 'rejected' ? 'warning' : 'info'} sx={{ mt: 2 }} data-testid="your-vote">
      {text}
    </Alert>
  );
}

function VoteForm({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const vote = useVoteProduct(productId);
  const [stars, setStars] = useState<number | null>(null);
  const [title, setTitle] = useState('');
  const [comment, setComment] = useState('');
  return (
    <Box
      component="form"
      aria-labelledby="vote-form-title"
      sx={{ mt: 2, display: 'grid', gap: 1.5, maxWidth: 560 }}
      onSubmit={(e) => {
        e.preventDefault();
        if (stars) vote.mutate({ rating: stars, title, comment });
      }}
    >
      <Typography component="h3" id="vote-form-title" sx={{ fontWeight: 700 }}>
        {t('ratings.voteTitle')}
      </Typography>
      <Box>
        <Typography component="span" id="vote-stars-label" variant="body2">
          {t('ratings.stars')}
        </Typography>
        <Rating
          name="vote-stars"
          value={stars}
          precision={0.5}
          onChange={(_e, value) => setStars(value)}
          getLabelText={(value: number) =>
            t('ratings.starsValue', {
              count: value,
              value: Number.isInteger(value) ? String(value) : decimal(value),
            })
          }
          emptyLabelText={t('ratings.starsNone')}
          aria-labelledby="vote-stars-label"
          sx={{ display: 'flex' }}
        />
      </Box>
      <TextField
        label={t('ratings.title')}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        slotProps={{ htmlInput: { maxLength: VOTE_TITLE_MAX } }}
        size="small"
      />
      <TextField
        label={t('ratings.comment')}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        slotProps={{ htmlInput: { maxLength: VOTE_COMMENT_MAX } }}
        multiline
        minRows={3}
      />
      {vote.isError ? <Alert severity="error">{vote.error.message || t('ratings.voteError')}</Alert> : null}
      <Box>
        <Button type="submit" variant="contained" disabled={!stars || vote.isPending}>
          {t('ratings.vote')}
        </Button>
      </Box>
    </Box>
  );
}
