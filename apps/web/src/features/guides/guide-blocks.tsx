import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GuideBlock, GuideLanguage } from './guide-types';
import { CAPTURED_SCREENSHOTS } from './guide-screenshots';

/** Where a screenshot is served: the build copies `apps/web/public/guides/` as it is. */
export function screenshotUrl(language: GuideLanguage, name: string): string {
  return `/guides/${language}/${name}.webp`;
}

/**
 * A screenshot of the product, or nothing: one not captured yet (its screen is still being built),
 * not captured in this language, or failing to load never shows as a broken image.
 */
function GuideScreenshot({
  block,
  language,
}: {
  block: Extract<GuideBlock, { kind: 'screenshot' }>;
  language: GuideLanguage;
}) {
  const [failed, setFailed] = useState(false);
  const captured = CAPTURED_SCREENSHOTS[block.name];
  if (!captured || failed) return null;
  const shotLanguage = captured.languages.includes(language) ? language : captured.languages[0];
  if (!shotLanguage) return null;
  return (
    <Box component="figure" sx={{ m: 0, my: 3 }} data-testid={`guide-screenshot-${block.name}`}>
      <Box
        component="img"
        src={screenshotUrl(shotLanguage, block.name)}
        alt={block.alt}
        width={captured.width}
        height={captured.height}
        loading="lazy"
        onError={() => setFailed(true)}
        sx={{
          display: 'block',
          width: '100%',
          maxWidth: captured.width,
          height: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
        }}
      />
      {block.caption && (
        <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {block.caption}
        </Typography>
      )}
    </Box>
  );
}

/** One block of a guide's body, in reading order; headings are h2 below the guide's h1. */
export function GuideBlockView({ block, language }: { block: GuideBlock; language: GuideLanguage }) {
  switch (block.kind) {
    case 'heading':
      return (
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mt: 4, mb: 1 }}>
          {block.text}
        </Typography>
      );
    case 'paragraph':
      return <Typography sx={{ my: 1.5 }}>{block.text}</Typography>;
    case 'steps':
    case 'list':
      return (
        <Box component={block.kind === 'steps' ? 'ol' : 'ul'} sx={{ my: 1.5, pl: 3 }}>
          {block.items.map((item) => (
            <Typography component="li" key={item} sx={{ mb: 1 }}>
              {item}
            </Typography>
          ))}
        </Box>
      );
    case 'terms':
      return (
        <Box component="dl" sx={{ my: 1.5 }}>
          {block.items.map((item) => (
            <Box key={item.term} sx={{ mb: 1.5 }}>
              <Typography component="dt" sx={{ fontWeight: 700 }}>
                {item.term}
              </Typography>
              <Typography component="dd" sx={{ m: 0, ml: { xs: 0, sm: 2 } }}>
                {item.text}
              </Typography>
            </Box>
          ))}
        </Box>
      );
    case 'tip':
    case 'warning':
      return (
        <Alert severity={block.kind === 'tip' ? 'info' : 'warning'} sx={{ my: 2 }}>
          {block.text}
        </Alert>
      );
    case 'screenshot':
      return <GuideScreenshot block={block} language={language} />;
  }
}
