CREATE TABLE "clothes_attribute_values" (
	"clothes_id" uuid NOT NULL,
	"definition_id" uuid NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "clothes_attribute_values_clothes_id_definition_id_value_pk" PRIMARY KEY("clothes_id","definition_id","value")
);
--> statement-breakpoint
ALTER TABLE "clothes" ADD COLUMN "brand" text;--> statement-breakpoint
ALTER TABLE "clothes" ADD COLUMN "size" text;--> statement-breakpoint
ALTER TABLE "clothes" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "clothes_attribute_values" ADD CONSTRAINT "clothes_attribute_values_attribute_fk" FOREIGN KEY ("clothes_id","definition_id") REFERENCES "public"."clothes_attributes"("clothes_id","definition_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A garment's set of several values (clothes_attribute_values) extends its one value in clothes_attributes. When
-- that value changes to another option (batch edit's upsert, a course client's edit), the set no longer describes
-- the garment and goes; a change of spelling only (an administrator's respelling of the option) keeps it.
CREATE OR REPLACE FUNCTION otboo_clothes_attribute_values_reset() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM clothes_attribute_values
  WHERE clothes_id = OLD.clothes_id AND definition_id = OLD.definition_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER clothes_attributes_value_changed
AFTER UPDATE OF value ON clothes_attributes
FOR EACH ROW WHEN (lower(OLD.value) IS DISTINCT FROM lower(NEW.value))
EXECUTE FUNCTION otboo_clothes_attribute_values_reset();
