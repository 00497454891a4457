import { Link } from "react-router-dom";
import { cn } from "@/lib/cn";
import { postPath, type PostView } from "./format";

// A post's photos and videos: at most `maxImages` photos in a grid, the last tile saying "+N" (a
// link to the post's page) when there are more; videos play in the browser's own player.

export function PostMedia({
  postId,
  media,
  maxImages,
  authorName,
}: {
  postId: string;
  media: PostView["media"];
  maxImages: number;
  authorName: string;
}) {
  const images = media.filter((m) => m.kind === "image" && m.url);
  const videos = media.filter((m) => m.kind === "video" && m.url);
  if (images.length === 0 && videos.length === 0) return null;
  const shown = images.slice(0, maxImages);
  const hidden = images.length - shown.length;
  return (
    <div className="space-y-2">
      {shown.length > 0 && (
        <ul
          aria-label="Photos"
          className={cn(
            "grid gap-1 overflow-hidden rounded-lg",
            shown.length === 1 ? "grid-cols-1" : "grid-cols-2",
            shown.length > 4 && "sm:grid-cols-3",
          )}
        >
          {shown.map((image, i) => {
            const last = i === shown.length - 1 && hidden > 0;
            return (
              <li key={i} className={cn("relative", shown.length === 3 && i === 0 && "col-span-2")}>
                <img
                  src={image.url!}
                  alt={`Photo ${i + 1} of ${images.length} by ${authorName}`}
                  loading="lazy"
                  className={cn(
                    "w-full bg-slate-100 object-cover dark:bg-slate-800",
                    shown.length === 1 ? "max-h-[28rem]" : "aspect-square",
                  )}
                />
                {last && (
                  <Link
                    to={postPath(postId)}
                    className="absolute inset-0 flex items-center justify-center bg-slate-950/60 text-2xl font-bold text-white focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-white"
                  >
                    +{hidden}
                    <span className="sr-only"> more photos</span>
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {videos.map((video, i) => (
        <video
          key={i}
          src={video.url!}
          controls
          preload="metadata"
          aria-label={`Video ${i + 1} of ${videos.length} by ${authorName}`}
          className="max-h-[28rem] w-full rounded-lg bg-black"
        />
      ))}
    </div>
  );
}
