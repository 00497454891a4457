import { useFormContext } from "react-hook-form";
import { JOB_LIMITS } from "@common/jobCatalog";
import { Select, TextField, Textarea, type SelectOption } from "@/components/ui";

// What the work is: title, description, category and property type, shared by Post New Project
// and Request a Quote. It reads the surrounding react-hook-form (useFormContext); each form's own
// schema decides what is valid and brings its own category and property type lists.

interface JobBasicsValues {
  title: string;
  description: string;
  category: string;
  propertyType: string;
}

export function JobBasicsFields({
  titlePlaceholder,
  descriptionHint,
  descriptionRows = 4,
  categoryLabel = "Category",
  categoryPlaceholder = "Select a category",
  categoryOptions,
  propertyTypePlaceholder = "Select a property type",
  propertyTypeOptions,
}: {
  titlePlaceholder: string;
  descriptionHint: string;
  descriptionRows?: number;
  categoryLabel?: string;
  categoryPlaceholder?: string;
  categoryOptions: readonly SelectOption[];
  propertyTypePlaceholder?: string;
  propertyTypeOptions: readonly SelectOption[];
}) {
  const {
    register,
    formState: { errors },
  } = useFormContext<JobBasicsValues>();
  return (
    <>
      <TextField
        label="Project title"
        required
        maxLength={JOB_LIMITS.title}
        placeholder={titlePlaceholder}
        error={errors.title?.message}
        {...register("title")}
      />
      <Textarea
        label="Description"
        required
        rows={descriptionRows}
        maxLength={JOB_LIMITS.description}
        hint={descriptionHint}
        error={errors.description?.message}
        {...register("description")}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <Select
          label={categoryLabel}
          required
          placeholder={categoryPlaceholder}
          options={categoryOptions}
          error={errors.category?.message}
          {...register("category")}
        />
        <Select
          label="Property type"
          required
          placeholder={propertyTypePlaceholder}
          options={propertyTypeOptions}
          error={errors.propertyType?.message}
          {...register("propertyType")}
        />
      </div>
    </>
  );
}
