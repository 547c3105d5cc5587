-- Before reports' times were bounded (issue #36), a report dated 2099 moved a device's last contact
-- there, and recordReport keeps the latest contact, so the offline rule could never fire for it
-- again. Such a contact is taken as now: the device's next silence is then noticed.
update devices set last_communication_at = now() where last_communication_at > now();
