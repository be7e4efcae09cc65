import { createContext, type ComponentType } from 'react';
import type { CategoryBlock } from '@spesa/shared/contracts/catalogue';

/**
 * How a content block (a category block of the CMS) is drawn. The app provides its block renderer
 * (app/providers.tsx); a feature that shows blocks inside its own UI (the address selector) takes it from
 * here instead of importing the app. Null outside the app's providers: no blocks are drawn.
 */
export const ContentBlockView = createContext<ComponentType<{ block: CategoryBlock }> | null>(null);
