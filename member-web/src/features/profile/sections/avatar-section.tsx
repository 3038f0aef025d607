import { useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api, call, isApiFailure } from "../../../api/client.ts";
import { useErrorText } from "../../../lib/use-error-text.ts";
import { Alert } from "../../../ui/alert.tsx";
import { Button } from "../../../ui/button.tsx";
import { Avatar } from "../controls.tsx";
import { avatarUrl, fullName, initials, type Profile, profileSaved } from "../model.ts";
import { AvatarCropper, type CropSquare, centredSquare, type Rotation, resizeSquare, rotatedSize } from "./avatar-cropper.tsx";
import { type SectionProps, SectionFormShell, useSectionSave } from "./section-form.tsx";

const MAX_BYTES = 10 * 1024 * 1024;
const ACCEPTED = ["image/jpeg", "image/png"];

type Picked = { file: File; img: HTMLImageElement; url: string };

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error("unreadable image"));
    img.src = url;
  });
}

/**
 * Step "avatar" (spec 2.3): choose a JPG or PNG, crop a square and rotate by quarter turns in the
 * browser, then upload the original with the crop and rotation for the server to apply; delete
 * with a confirmation.
 */
export function AvatarSection({ profile, actions }: SectionProps) {
  const { t } = useTranslation("member");
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [rotate, setRotate] = useState<Rotation>(0);
  const [square, setSquare] = useState<CropSquare | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const s = useSectionSave(actions);

  useEffect(() => () => (picked ? URL.revokeObjectURL(picked.url) : undefined), [picked]);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    setPickError(null);
    s.setFormError(null);
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) return setPickError(t("errors.imageFormat"));
    if (file.size > MAX_BYTES) return setPickError(t("errors.imageTooLarge"));
    const url = URL.createObjectURL(file);
    try {
      const img = await loadImage(url);
      setPicked({ file, img, url });
      setRotate(0);
      setSquare(centredSquare(img, 0));
    } catch {
      URL.revokeObjectURL(url);
      setPickError(t("errors.avatarUpload"));
    }
  };

  const turn = () => {
    if (!picked) return;
    const next = ((rotate + 90) % 360) as Rotation;
    setRotate(next);
    setSquare(centredSquare(picked.img, next));
  };

  const upload = async (): Promise<Profile | null> => {
    if (!picked || !square) return profile;
    const form = new FormData();
    form.append("image", picked.file, picked.file.name);
    form.append("crop", JSON.stringify({ x: square.x, y: square.y, width: square.size, height: square.size }));
    form.append("rotate", String(rotate));
    form.append("purpose", "avatar");
    await call(api.POST("/api/images/upload", { body: {}, bodySerializer: () => form }));
    setPicked(null);
    setSquare(null);
    return call(api.GET("/api/participant/profile"));
  };

  /** A refused photo gets the "try another photo" texts next to it (spec 8), not a form error. */
  const photoError = (err: unknown): boolean => {
    if (!isApiFailure(err)) return false;
    const text = { 1019: t("errors.imageFormat"), 1007: t("errors.imageTooLarge"), 1001: t("errors.avatarUpload") }[err.code];
    if (!text) return false;
    setPickError(text);
    return true;
  };

  const submit = () => void s.submit(() => ({}), upload, photoError);

  const remove = async () => {
    setRemoving(true);
    try {
      await call(api.DELETE("/api/images/remove"));
      profileSaved(queryClient, await call(api.GET("/api/participant/profile")));
      setConfirming(false);
    } catch (err) {
      s.setFormError(errorText(err));
    } finally {
      setRemoving(false);
    }
  };

  const current = avatarUrl(profile.avatar, "256");
  const min = picked ? Math.max(32, Math.round(Math.min(rotatedSize(picked.img, rotate).w, rotatedSize(picked.img, rotate).h) / 5)) : 0;
  const max = picked ? Math.min(rotatedSize(picked.img, rotate).w, rotatedSize(picked.img, rotate).h) : 0;

  return (
    <SectionFormShell
      label={t("sections.avatar", { ns: "profile" })}
      actions={actions}
      state={s}
      onSubmit={submit}
      hideSubmit={actions.confirmSaved === true && !picked}
    >
      {picked && square ? (
        <div className="avatar-editor">
          <AvatarCropper img={picked.img} rotate={rotate} square={square} onChange={setSquare} />
          <p className="field-hint">{t("avatar.cropHint")}</p>
          <div className="avatar-tools">
            <label className="range">
              <span>{t("avatar.zoom")}</span>
              <input type="range" min={min} max={max} value={square.size} onChange={(e) => setSquare(resizeSquare(square, Number(e.target.value), picked.img, rotate))} />
            </label>
            <Button variant="secondary" className="btn-small" onClick={turn}>
              ↻ {t("avatar.rotate")}
            </Button>
            <Button variant="ghost" className="btn-small" onClick={() => inputRef.current?.click()}>
              {t("avatar.change")}
            </Button>
          </div>
        </div>
      ) : (
        <div className="avatar-current">
          <Avatar url={current} name={fullName(profile)} initials={initials(profile)} size={128} />
          <div className="avatar-current-actions">
            <p className="muted">{current ? t("avatar.current") : t("avatar.none")}</p>
            <Button variant={current ? "secondary" : "primary"} onClick={() => inputRef.current?.click()}>
              {current ? t("avatar.change") : t("avatar.choose")}
            </Button>
            {current ? (
              <Button variant="ghost" onClick={() => setConfirming(true)}>
                {t("avatar.remove")}
              </Button>
            ) : null}
            <p className="field-hint">{t("avatar.formats")}</p>
          </div>
        </div>
      )}
      <input
        ref={inputRef}
        id={inputId}
        className="visually-hidden"
        type="file"
        accept="image/jpeg,image/png,.jpg,.jpeg,.png"
        aria-label={t("avatar.choose")}
        onChange={(e) => void onFile(e)}
        tabIndex={-1}
      />
      {pickError ? <Alert kind="error">{pickError}</Alert> : null}
      {confirming ? (
        <div className="confirm-box" role="alertdialog" aria-labelledby={`${inputId}-confirm`} aria-describedby={`${inputId}-confirm-text`}>
          <h3 id={`${inputId}-confirm`}>{t("avatar.removeConfirmTitle")}</h3>
          <p id={`${inputId}-confirm-text`}>{t("avatar.removeConfirmText")}</p>
          <div className="form-actions">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t("cancel", { ns: "common" })}
            </Button>
            <Button variant="primary" className="btn-danger" busy={removing} onClick={() => void remove()}>
              {t("avatar.removeConfirm")}
            </Button>
          </div>
        </div>
      ) : null}
    </SectionFormShell>
  );
}
