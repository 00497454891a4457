// The community feed as two members live it, in two browsers. B watches /feed; A posts with a
// photo and a #tag; B's list does not move: an "N new posts" pill shows it, and B's own post
// shows at once. B likes and comments, and A sees the counts change live; B has no Edit or
// Delete on A's post. Search finds A by last name and the post by a word. B follows A from A's
// profile and the tiles change. A edits; B reposts; A deletes with the confirmation, and the
// post leaves B's feed live. axe checks every page shown.
import { expect, otherBrowser, PNG_1X1, signInOn, test, toasts, uniqueWord } from "./fixtures";

test("A posts with a photo and a #tag -> B sees it live, likes and comments -> A sees the counts; search, follow, edit, repost and delete", async ({
  page: authorPage,
  browser,
  users,
  signIn,
  axe,
}) => {
  test.slow();
  const lastName = uniqueWord("Quill");
  const word = uniqueWord("pergola");
  const tag = uniqueWord("deck");
  const author = await users.create({
    userType: "professional",
    firstName: "Avery",
    lastName,
    professions: ["general_contractor"],
  });
  const reader = await users.create({ userType: "homeowner", firstName: "Blair", lastName: "Reader" });
  const readerPage = await otherBrowser(browser, "10.77.3.4");
  await signIn(author.email, author.password);
  await signInOn(readerPage, reader, { rejectCookies: true });

  // B reads the feed and posts something of their own: it shows at once, at the top.
  await readerPage
    .getByRole("banner")
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Feed" })
    .click();
  await expect(readerPage.getByRole("heading", { level: 1, name: "Professional Feed" })).toBeVisible();
  await readerPage.getByRole("button", { name: "New Post" }).click();
  const readerForm = readerPage.getByRole("form", { name: "New post" });
  const ownText = `Looking for ideas for a small backyard ${uniqueWord("shed")}`;
  await readerForm.getByLabel("What did you work on?").fill(ownText);
  // No category: the spec's toast, nothing sent.
  await readerForm.getByRole("button", { name: "Post", exact: true }).click();
  await expect(toasts(readerPage).getByText("Please fill in all required fields")).toBeVisible();
  await readerForm.getByLabel("Category").selectOption({ label: "Landscaping" });
  await readerForm.getByRole("button", { name: "Post", exact: true }).click();
  await expect(toasts(readerPage).getByText("Post created successfully!")).toBeVisible();
  await expect(readerForm).toBeHidden();
  const readerFeed = readerPage.getByRole("list", { name: "Latest posts" });
  await expect(readerFeed.getByRole("article").first()).toContainText(ownText);

  // A posts from the feed with a photo and a #tag.
  await authorPage.goto("/feed");
  await authorPage.getByRole("button", { name: "New Post" }).click();
  const form = authorPage.getByRole("form", { name: "New post" });
  const content = `Finished a cedar ${word} today, stained and sealed. #${tag}`;
  await form.getByLabel("What did you work on?").fill(content);
  await expect(form.getByLabel("Post type")).toHaveValue("project_showcase");
  await form.getByLabel("Category").selectOption({ label: "Construction" });
  await form.getByLabel("Location").fill("Austin, TX");
  await form.getByLabel("Photos and videos").setInputFiles({ name: "deck.png", mimeType: "image/png", buffer: PNG_1X1 });
  await expect(form.getByRole("img", { name: "deck.png" })).toBeVisible();
  await axe.check("new post panel with a photo");
  await form.getByRole("button", { name: "Post", exact: true }).click();
  await expect(toasts(authorPage).getByText("Post created successfully!")).toBeVisible();
  const authorCard = authorPage.getByRole("article").filter({ hasText: word });
  await expect(authorCard).toBeVisible();
  await expect(authorCard.getByRole("img", { name: `Photo 1 of 1 by Avery ${lastName}` })).toBeVisible();
  await expect(authorCard.getByRole("link", { name: `#${tag}` })).toHaveAttribute("href", `/feed?tag=${tag}`);

  // B's list holds still: a pill says a new post is waiting; a click shows it at the top.
  const readerCard = readerPage.getByRole("article").filter({ hasText: word });
  const pill = readerPage.getByRole("button", { name: /^\d+ new posts?$/ });
  await expect(pill).toBeVisible();
  await expect(readerCard).toHaveCount(0);
  await pill.click();
  await expect(readerCard).toBeVisible();
  await expect(pill).toHaveCount(0);
  await expect(readerCard.getByText("Project Showcase")).toBeVisible();
  await expect(readerCard.getByText("Construction")).toBeVisible();

  // B has no Edit or Delete on A's post, only Report.
  await readerCard.getByRole("button", { name: `More actions for the post by Avery ${lastName}` }).click();
  await expect(readerPage.getByRole("menuitem", { name: "Report post" })).toBeVisible();
  await expect(readerPage.getByRole("menuitem", { name: /Edit post|Delete post/ })).toHaveCount(0);
  await readerPage.keyboard.press("Escape");

  // B likes and comments; A sees both counts change by themselves.
  await expect(authorCard.getByText("0 likes")).toBeVisible();
  await readerCard.getByRole("button", { name: "Like", exact: true }).click();
  await expect(readerCard.getByRole("button", { name: "Like", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(readerCard.getByText("1 like", { exact: true })).toBeVisible();
  await expect(authorCard.getByText("1 like", { exact: true })).toBeVisible();
  await readerCard.getByRole("button", { name: "Comment", exact: true }).click();
  const commentBox = readerCard.getByRole("form", { name: "Add a comment" });
  // Typing '@' and a name offers members; Enter mentions the first, and the comment links to A's profile.
  const commentText = commentBox.getByLabel("Add a comment");
  await commentText.pressSequentially(`Beautiful work @${lastName.slice(0, 6)}`);
  await expect(commentBox.getByRole("option", { name: new RegExp(`Avery ${lastName}`) })).toBeVisible();
  await axe.check("mention suggestions");
  await commentText.press("Enter");
  await expect(commentText).toHaveValue(`Beautiful work @Avery ${lastName} `);
  await commentText.pressSequentially("what stain did you use?");
  await commentBox.getByRole("button", { name: "Post comment" }).click();
  const comments = readerCard.getByRole("list", { name: "Comments" });
  await expect(comments.getByText(/what stain did you use\?/)).toBeVisible();
  await expect(comments.getByRole("link", { name: `@Avery ${lastName}` })).toHaveAttribute("href", /^\/profile\//);
  await expect(authorCard.getByRole("button", { name: "1 comment" })).toBeVisible();
  await axe.check("feed with comments open");

  // The tag links to the tag's feed.
  await readerCard.getByRole("link", { name: `#${tag}` }).click();
  await expect(readerPage).toHaveURL(`/feed?tag=${tag}`);
  await expect(readerPage.getByText(`#${tag}`, { exact: true }).first()).toBeVisible();
  await expect(readerPage.getByRole("list", { name: "Latest posts" }).getByRole("article")).toHaveCount(1);

  // Search finds A by last name, and the post by a word.
  await readerPage
    .getByRole("banner")
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Search" })
    .click();
  await expect(readerPage.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
  await readerPage.getByRole("searchbox", { name: "Search" }).fill(lastName);
  await expect(readerPage).toHaveURL(new RegExp(`[?&]q=${lastName}`));
  const person = readerPage.getByRole("link", { name: new RegExp(`Avery ${lastName}`) });
  await expect(person).toBeVisible();
  await axe.check("search, people");
  await readerPage.goto(`/search?q=${word}&type=posts`);
  await expect(readerPage.getByRole("link", { name: new RegExp(word) })).toBeVisible();
  await readerPage.goto(`/search?q=nothingmatches${word}`);
  await expect(readerPage.getByText("No results found")).toBeVisible();

  // B follows A from A's profile: the Follow button and A's Followers tile change; A's posts show there.
  await readerPage.goto(`/search?q=${lastName}&type=users`);
  await person.click();
  await expect(readerPage.getByRole("heading", { level: 1, name: `Avery ${lastName}` })).toBeVisible();
  const figures = readerPage.getByRole("list", { name: "Profile figures" });
  await expect(figures.getByRole("listitem").filter({ hasText: "Posts" })).toHaveText(/^1\s*Posts$/);
  await expect(figures.getByRole("listitem").filter({ hasText: "Followers" })).toHaveText(/^0\s*Followers$/);
  await readerPage.getByRole("button", { name: "Follow", exact: true }).click();
  await expect(readerPage.getByRole("button", { name: `Following Avery ${lastName}. Unfollow` })).toBeVisible();
  await expect(figures.getByRole("listitem").filter({ hasText: "Followers" })).toHaveText(/^1\s*Followers$/);
  await expect(
    readerPage.getByRole("list", { name: "Posts" }).getByRole("article").filter({ hasText: word }),
  ).toBeVisible();
  await axe.check("profile, following");
  // B's own profile counts the follow.
  await readerPage.goto("/profile");
  await expect(
    readerPage.getByRole("list", { name: "Profile figures" }).getByRole("listitem").filter({ hasText: "Following" }),
  ).toHaveText(/^1\s*Following$/);

  // B goes back to the feed; A edits the post and B sees the new text live.
  await readerPage.goto("/feed");
  await expect(readerCard).toBeVisible();
  await authorCard.getByRole("button", { name: `More actions for the post by Avery ${lastName}` }).click();
  await authorPage.getByRole("menuitem", { name: "Edit post" }).click();
  const editDialog = authorPage.getByRole("dialog", { name: "Edit Post" });
  const edited = `Finished a cedar ${word} today, stained, sealed and lit. #${tag}`;
  await editDialog.getByLabel("What did you work on?").fill(edited);
  await axe.check("edit post dialog");
  await editDialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(toasts(authorPage).getByText("Post updated successfully!")).toBeVisible();
  await expect(readerCard).toContainText("stained, sealed and lit");
  await expect(readerCard.getByRole("img", { name: `Photo 1 of 1 by Avery ${lastName}` })).toBeVisible();

  // The keyboard path through a card's menus (loaded on first use): Enter opens Share on its first
  // item, Escape closes it and gives the focus back; the reaction menu marks the current reaction.
  const share = readerPage
    .getByRole("article", { name: `Post by Avery ${lastName}` })
    .getByRole("button", { name: "Share" });
  await share.focus();
  await readerPage.keyboard.press("Enter");
  await expect(readerPage.getByRole("menu")).toBeFocused();
  await expect(readerPage.getByRole("menuitem", { name: "Copy link" })).toHaveAttribute("data-focus", "");
  await readerPage.keyboard.press("Escape");
  await expect(readerPage.getByRole("menuitem", { name: "Copy link" })).toHaveCount(0);
  await expect(share).toBeFocused();
  await readerCard.getByRole("button", { name: "Choose a reaction to this post" }).click();
  await expect(readerPage.getByRole("menuitem", { name: "Like (undo)" })).toBeVisible();
  await expect(readerPage.getByRole("menuitem", { name: "Helpful" })).toBeVisible();
  await readerPage.keyboard.press("Escape");

  // B reposts it with a comment: the repost shows at once in B's feed with the original inside; A sees the share.
  await readerPage
    .getByRole("article", { name: `Post by Avery ${lastName}` })
    .getByRole("button", { name: "Share" })
    .click();
  await readerPage.getByRole("menuitem", { name: "Repost" }).click();
  const repostDialog = readerPage.getByRole("dialog", { name: "Repost" });
  await repostDialog.getByLabel("Add a comment").fill("Great finish on this one");
  await axe.check("repost dialog");
  await repostDialog.getByRole("button", { name: "Repost" }).click();
  await expect(toasts(readerPage).getByText("Reposted", { exact: true })).toBeVisible();
  const repost = readerPage.getByRole("article", { name: "Blair Reader reposted" });
  await expect(repost).toContainText("Great finish on this one");
  await expect(repost).toContainText("stained, sealed and lit");
  await expect(authorCard.getByText("1 share", { exact: true })).toBeVisible();

  // A deletes it after the confirmation; it leaves B's feed by itself (the repost says it is gone).
  await authorCard.getByRole("button", { name: `More actions for the post by Avery ${lastName}` }).click();
  await authorPage.getByRole("menuitem", { name: "Delete post" }).click();
  const confirm = authorPage.getByRole("alertdialog", { name: "Delete post?" });
  await expect(confirm).toContainText("Are you sure you want to delete this post? This action cannot be undone.");
  await axe.check("delete confirmation");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toasts(authorPage).getByText("Post deleted successfully!")).toBeVisible();
  await expect(authorCard).toHaveCount(0);
  await expect(readerCard).toHaveCount(0);
  await expect(repost).toContainText("This post is no longer available.");
  await readerPage.context().close();
});

test("a visitor reads the feed with Sign In and Sign Up, and no New Post", async ({ page, axe }) => {
  await page.goto("/feed");
  await expect(page.getByRole("heading", { level: 1, name: "Professional Feed" })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Sign In", exact: true })).toHaveAttribute("href", "/login");
  await expect(main.getByRole("link", { name: "Sign Up", exact: true })).toHaveAttribute("href", "/register");
  await expect(main.getByRole("button", { name: "New Post" })).toHaveCount(0);
  await expect(main.getByRole("tab", { name: "Following" })).toHaveCount(0);
  await axe.check("feed, visitor");
});

test("a post the screen holds is its author's only: the author is told why, on their profile too", async ({
  page,
  users,
  signIn,
  axe,
}) => {
  const member = await users.create({ userType: "homeowner", firstName: "Hollis" });
  await signIn(member.email, member.password);
  await page.goto("/feed");
  await page.getByRole("button", { name: "New Post" }).click();
  const form = page.getByRole("form", { name: "New post" });
  const text = `Deals ${uniqueWord("x")} http://a.example http://b.example www.c.example https://d.example`;
  await form.getByLabel("What did you work on?").fill(text);
  await form.getByLabel("Category").selectOption({ label: "Roofing" });
  await form.getByRole("button", { name: "Post", exact: true }).click();
  await expect(toasts(page).getByText("Post created successfully!")).toBeVisible();
  await expect(toasts(page).getByText("Held for review")).toBeVisible();
  await page.goto("/profile");
  const card = page.getByRole("list", { name: "Posts" }).getByRole("article").filter({ hasText: "Deals" });
  await expect(
    card.getByText(/Only you can see this post: our screening held it for review by a moderator\./),
  ).toBeVisible();
  await expect(card.getByText(/Flagged for: Contains many links/)).toBeVisible();
  await axe.check("profile with a held post");
});
