-- 合同 and 内容 (issue 41): those who run operations keep contracts and write notices; a customer's
-- manager reads their organisation's contracts and the notices published to it; technicians read notices.
update roles set permissions = permissions || array['contracts:view', 'contracts:manage', 'content:view', 'content:manage']
where id = 3 and 'serviceConfig:manage' = any(permissions) and not ('contracts:manage' = any(permissions));
update roles set permissions = permissions || array['contracts:view', 'content:view']
where id = 2 and not ('contracts:view' = any(permissions));
update roles set permissions = array_append(permissions, 'content:view')
where id = 4 and not ('content:view' = any(permissions));
