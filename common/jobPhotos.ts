// Photographer on request (issue 15): the photos the booked photographer uploads to a job, how
// many a job holds, and the words members read. The photo request's own states are in jobCatalog.ts.

export const JOB_PHOTO_LIMITS = {
  /** Photos one job holds at most (all uploads by its photographer). */
  photos: 30,
  /** Photos sent in one upload. */
  perUpload: 10,
} as const;

export const JobPhotoCopy = {
  tooMany: (max: number) => `A job holds at most ${max} photos. Remove some before adding more.`,
  perUpload: (max: number) => `Add at most ${max} photos at a time.`,
  deliverNeedsPhotos: "Upload at least one photo before you mark the photos delivered.",
  choosePhotos: "Choose at least one photo to upload.",
  notBooked: "Only the booked photographer can add photos to this job.",
  alreadyDelivered: "The photos were already delivered; they can't be changed.",
  photoNotFound: "This photo was already removed.",
  takenTitle: "Photo Request Taken",
  taken: "You are booked to photograph this property.",
  deliveredTitle: "Photos Delivered",
  delivered: "The owner was told that the photos are delivered.",
  removedTitle: "Photo removed",
  /** The owner lets the booked photographer go; the request is open again. */
  releasedTitle: "Photographer Released",
  released: "The photo request is open to photographers again.",
  releaseConfirm: (name: string) =>
    `${name} will no longer photograph this job, and the photos they uploaded but haven't delivered are removed. The request opens to other photographers.`,
  /** The booked photographer withdraws. */
  withdrawnTitle: "Photo Request Withdrawn",
  withdrawn: "The owner was told, and the photos you uploaded were removed.",
  withdrawConfirm:
    "You will no longer photograph this job, and the photos you uploaded but haven't delivered are removed. The owner is told.",
  failedTitle: "Something went wrong",
  failed: "Please try again.",
  /** The completion form, while the booked photographer hasn't delivered. */
  waitingForPhotographer: (name: string) =>
    `The owner asked for a photographer: ${name}'s photos are part of the completion. You can submit once they're delivered.`,
  /** The completion form, when no photographer has taken the request. */
  noPhotographer:
    "The owner asked for a photographer, but no one has taken the photo request yet. Your own photos document the work.",
} as const;
