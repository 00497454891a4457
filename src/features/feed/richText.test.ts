import { describe, expect, test } from "vitest";
import { holdNewer, richSegments } from "./richText";
import { toggledLike } from "./likeState";

describe("richSegments", () => {
  test("links only the post's derived tags, not a '#' inside a word or URL", () => {
    expect(richSegments("New #Deck done a#b see x.com/#frag and #other", ["deck"], [])).toEqual([
      { kind: "text", text: "New " },
      { kind: "tag", text: "#Deck", tag: "deck" },
      { kind: "text", text: " done a#b see x.com/#frag and #other" },
    ]);
  });

  test("links kept mentions, the longest name first, and tags around them", () => {
    const mentions = [
      { _id: "u1", name: "Ana" },
      { _id: "u2", name: "Ana Lima" },
    ];
    expect(richSegments("Thanks @Ana Lima and @Ana! #team", ["team"], mentions)).toEqual([
      { kind: "text", text: "Thanks " },
      { kind: "mention", text: "@Ana Lima", userId: "u2" },
      { kind: "text", text: " and " },
      { kind: "mention", text: "@Ana", userId: "u1" },
      { kind: "text", text: "! " },
      { kind: "tag", text: "#team", tag: "team" },
    ]);
  });

  test("names with regular-expression characters are matched literally", () => {
    expect(richSegments("hi @J.R. (Bob)", [], [{ _id: "u", name: "J.R. (Bob)" }])).toEqual([
      { kind: "text", text: "hi " },
      { kind: "mention", text: "@J.R. (Bob)", userId: "u" },
    ]);
  });
});

describe("holdNewer", () => {
  const post = (t: number, isOwn = false) => ({ _creationTime: t, isOwn });

  test("nothing shown yet: everything shows", () => {
    expect(holdNewer([post(3), post(2)], null)).toEqual({ visible: [post(3), post(2)], waiting: 0 });
  });

  test("others' newer posts wait; the reader's own shows at once", () => {
    const { visible, waiting } = holdNewer([post(9), post(8, true), post(5), post(4)], 5);
    expect(visible).toEqual([post(8, true), post(5), post(4)]);
    expect(waiting).toBe(1);
  });
});

describe("toggledLike", () => {
  test("like, change type, unlike", () => {
    const none = { viewerLike: null, likesCount: 2 };
    const liked = toggledLike(none, "like");
    expect(liked).toEqual({ viewerLike: "like", likesCount: 3 });
    expect(toggledLike(liked, "helpful")).toEqual({ viewerLike: "helpful", likesCount: 3 });
    expect(toggledLike(liked, "like")).toEqual({ viewerLike: null, likesCount: 2 });
    expect(toggledLike({ viewerLike: "like", likesCount: 0 }, "like")).toEqual({ viewerLike: null, likesCount: 0 });
  });
});
