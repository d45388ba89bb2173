import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import { useAvatarImage } from './api/avatar';

/** Up to two initials of a name ("Anna Marie Jensen" → "AJ"); the first letter of a single word. */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = [...words[0]!][0] ?? '';
  const last = words.length > 1 ? ([...words.at(-1)!][0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

interface UserAvatarProps {
  name: string | null | undefined;
  avatarUrl: string | null | undefined;
  size: number;
  /** The picture's text alternative; empty when the name is written next to it anyway. */
  alt: string;
  testId?: string;
}

/** A user's picture, or their initials while there is none (or while it loads). */
export function UserAvatar({ name, avatarUrl, size, alt, testId }: UserAvatarProps) {
  const image = useAvatarImage(avatarUrl);
  return (
    <Avatar
      src={image}
      alt={alt}
      data-testid={testId}
      data-has-image={image ? 'true' : 'false'}
      // Initials are decoration next to a written name; the picture's alt says whose it is.
      aria-hidden={image ? undefined : true}
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.42,
        bgcolor: 'secondary.main',
        color: 'secondary.contrastText',
      }}
    >
      {/* Drawn by CSS, so they are no text: a button's accessible name keeps all its visible text. */}
      <Box
        component="span"
        data-initials={initialsOf(name)}
        sx={{ '&::before': { content: 'attr(data-initials)' } }}
      />
    </Avatar>
  );
}
