import { useTranslation } from 'react-i18next';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import GridView from '@mui/icons-material/GridView';
import ViewList from '@mui/icons-material/ViewList';
import { useViewMode, type ViewMode } from '../../features/catalogue/hooks/use-view-mode';

/** Grid / list switch: two toggle buttons with aria-pressed; the choice is remembered. */
export function ViewModeToggle() {
  const { t } = useTranslation();
  const [mode, setMode] = useViewMode();
  return (
    <ToggleButtonGroup
      value={mode}
      exclusive
      size="small"
      onChange={(_, next: ViewMode | null) => next && setMode(next)}
      aria-label={t('listing.viewMode')}
      data-testid="view-mode-toggle"
    >
      <ToggleButton value="list" aria-label={t('listing.viewList')} sx={{ minWidth: 40, minHeight: 40 }}>
        <ViewList />
      </ToggleButton>
      <ToggleButton value="grid" aria-label={t('listing.viewGrid')} sx={{ minWidth: 40, minHeight: 40 }}>
        <GridView />
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
